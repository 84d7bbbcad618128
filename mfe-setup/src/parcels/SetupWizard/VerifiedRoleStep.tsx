import { useId } from 'react';
import { BRAND, Label, TextInput } from '@roconnect/shared-lib';
import { StepHeading } from './StepHeading';

export interface VerifiedRoleStepProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
}

export function VerifiedRoleStep({ value, onChange, error, disabled }: VerifiedRoleStepProps) {
  const inputId = useId();
  return (
    <>
      <StepHeading title="Verified Role Setup">
        Verified members get this role. {BRAND.product} creates it when the server does not have it
        yet.
      </StepHeading>
      <Label htmlFor={inputId}>Verified role name</Label>
      <TextInput
        id={inputId}
        name="verified_role_name"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        readOnly={disabled}
        autoComplete="off"
      />
    </>
  );
}
