import { useId } from 'react';
import { Label, TextInput, type TextInputProps } from '@roconnect/shared-lib';

export interface StepTextFieldProps extends Omit<
  TextInputProps,
  'id' | 'value' | 'onChange' | 'readOnly' | 'autoComplete'
> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** while the step saves: the field stays focusable but cannot be edited */
  disabled: boolean;
}

/** A wizard step's text field under its label, read-only while the step saves. */
export function StepTextField({ label, value, onChange, disabled, ...input }: StepTextFieldProps) {
  const inputId = useId();
  return (
    <>
      <Label htmlFor={inputId}>{label}</Label>
      <TextInput
        {...input}
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        readOnly={disabled}
        autoComplete="off"
      />
    </>
  );
}
