import { useId } from 'react';
import { BRAND, Label, Spinner, TextInput } from '@roconnect/shared-lib';
import { GroupInputHint } from '../../features/group/GroupInputHint';
import { StepHeading } from './StepHeading';

export interface GroupStepProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  linking: boolean;
  disabled: boolean;
}

export function GroupStep({ value, onChange, error, linking, disabled }: GroupStepProps) {
  const inputId = useId();
  return (
    <>
      <StepHeading title="Group Integration">
        Optional: link a {BRAND.game} group to give members a role for their group rank. One role is
        created for each rank above Guest.
      </StepHeading>
      <Label htmlFor={inputId}>{BRAND.game} group ID or URL</Label>
      <TextInput
        id={inputId}
        name="group"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={<GroupInputHint />}
        readOnly={disabled}
        autoComplete="off"
        inputMode="url"
      />
      {linking && (
        <p>
          <Spinner
            showLabel
            label={`Linking the group and creating its roles. This can take up to two minutes...`}
          />
        </p>
      )}
    </>
  );
}
