import { BRAND, Spinner } from '@roconnect/shared-lib';
import { GroupInputHint } from '../../features/group/GroupInputHint';
import { StepHeading } from './StepHeading';
import type { WizardStepProps } from './wizardSteps';
import { StepTextField } from './StepTextField';

export interface GroupStepProps extends WizardStepProps<string> {
  linking: boolean;
}

export function GroupStep({ linking, ...step }: GroupStepProps) {
  return (
    <>
      <StepHeading title="Group Integration">
        Optional: link a {BRAND.game} group to give members a role for their group rank. One role is
        created for each rank above Guest.
      </StepHeading>
      <StepTextField
        label={`${BRAND.game} group ID or URL`}
        name="group"
        hint={<GroupInputHint />}
        inputMode="url"
        {...step}
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
