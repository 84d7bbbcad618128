import { BRAND } from '@roconnect/shared-lib';
import { StepHeading } from './StepHeading';
import type { WizardStepProps } from './wizardSteps';
import { StepTextField } from './StepTextField';

export type VerifiedRoleStepProps = WizardStepProps<string>;

export function VerifiedRoleStep(step: VerifiedRoleStepProps) {
  return (
    <>
      <StepHeading title="Verified Role Setup">
        Verified members get this role. {BRAND.product} creates it when the server does not have it
        yet.
      </StepHeading>
      <StepTextField label="Verified role name" name="verified_role_name" {...step} />
    </>
  );
}
