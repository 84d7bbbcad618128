import { useId, type ComponentType, type TextareaHTMLAttributes } from 'react';
import { FieldError, FieldHint, Label } from '@roconnect/shared-lib';

type AreaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export interface TextAreaFieldProps extends Omit<AreaProps, 'id' | 'onChange'> {
  label: string;
  hint: string;
  error?: string;
  /** the section's own styled textarea */
  area: ComponentType<AreaProps>;
  onChange: (value: string) => void;
}

/** A labelled textarea with its hint and its error under it, both read with the field. */
export function TextAreaField({
  label,
  hint,
  error,
  area: Area,
  onChange,
  ...rest
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Area
        {...rest}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
