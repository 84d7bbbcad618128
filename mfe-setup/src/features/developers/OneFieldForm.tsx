import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button, Label, TextInput } from '@roconnect/shared-lib';
import { FieldRow } from '../fields/FieldRow';

export interface OneFieldFormProps {
  label: string;
  value: string;
  /** what is wrong with the value */
  error: string | null;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  /** the input's own attributes (type, placeholder, length) */
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** buttons after the submit button */
  children?: ReactNode;
}

/** A form of one text field and its submit button beside it (an API key's name, a webhook's address). */
export function OneFieldForm({
  label,
  value,
  error,
  onChange,
  onSubmit,
  submitLabel,
  busy,
  input,
  children,
}: OneFieldFormProps) {
  const id = useId();
  return (
    <FieldRow as="form" onSubmit={onSubmit} noValidate>
      <div>
        <Label htmlFor={id}>{label}</Label>
        <TextInput
          {...input}
          id={id}
          value={value}
          error={error ?? undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
      {children}
    </FieldRow>
  );
}
