import { useId, type Ref } from 'react';
import styled from 'styled-components';
import { FieldError, FieldHint, Label } from '@roconnect/shared-lib';
import { lengthHint } from './messageLength';

export const TextArea = styled.textarea`
  display: block;
  width: 100%;
  min-height: 6rem;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  resize: vertical;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const Messages = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-top: ${({ theme }) => theme.space(1)};
`;

export interface MessageTextFieldProps {
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The Verify message's own text, optional, with its length against the limit. */
export function MessageTextField({ value, onChange, disabled, error, ref }: MessageTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>Message text (optional)</Label>
      <TextArea
        id={id}
        ref={ref}
        value={value}
        disabled={disabled}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <Messages>
        <FieldHint id={hintId}>Leave it empty for the default text. {lengthHint(value)}</FieldHint>
        {error && <FieldError id={errorId}>{error}</FieldError>}
      </Messages>
    </div>
  );
}
