import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { FieldHint } from './Field';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-start;
  padding: ${({ theme }) => theme.space(2)} 0;
`;

const Box = styled.input`
  flex-shrink: 0;
  width: 20px;
  height: 20px;
  margin: 2px 0 0;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
  label {
    font-weight: 600;
    cursor: pointer;
  }
`;

export interface CheckboxProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A native checkbox with its label beside it and an optional hint it is described by: Space
 * toggles it, the label names it.
 */
export function Checkbox({ label, hint, checked, disabled, onChange }: CheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Row>
      <Box
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Text>
        <label htmlFor={id}>{label}</label>
        {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      </Text>
    </Row>
  );
}
