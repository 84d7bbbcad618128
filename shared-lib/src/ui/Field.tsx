import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import styled from 'styled-components';
import { controlStyles } from './fieldStyles';

export const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(1.5)};
  font-weight: 600;
  font-size: 0.9375rem;
`;

const ControlWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

export const FieldHint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;

const StyledInput = styled.input`
  ${controlStyles}
`;

const StyledSelect = styled.select`
  ${controlStyles}
  cursor: pointer;
`;

interface FieldMessages {
  /** Shown under the control and linked by aria-describedby; also sets aria-invalid. */
  error?: ReactNode;
  hint?: ReactNode;
}

/** Wires hint and error ids into aria-describedby alongside any the caller passed. */
function useFieldMessages(
  id: string | undefined,
  { error, hint }: FieldMessages,
  describedBy?: string,
) {
  const fallbackId = useId();
  const controlId = id ?? fallbackId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </>
  );
  return { controlId, ariaDescribedBy, invalid: error ? true : undefined, messages };
}

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement>, FieldMessages {
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({
  id,
  error,
  hint,
  'aria-describedby': describedBy,
  ...rest
}: TextInputProps) {
  const field = useFieldMessages(id, { error, hint }, describedBy);
  return (
    <ControlWrap>
      <StyledInput
        type="text"
        {...rest}
        id={field.controlId}
        aria-invalid={field.invalid}
        aria-describedby={field.ariaDescribedBy}
      />
      {field.messages}
    </ControlWrap>
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldMessages {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  id,
  error,
  hint,
  'aria-describedby': describedBy,
  children,
  ...rest
}: SelectProps) {
  const field = useFieldMessages(id, { error, hint }, describedBy);
  return (
    <ControlWrap>
      <StyledSelect
        {...rest}
        id={field.controlId}
        aria-invalid={field.invalid}
        aria-describedby={field.ariaDescribedBy}
      >
        {children}
      </StyledSelect>
      {field.messages}
    </ControlWrap>
  );
}
