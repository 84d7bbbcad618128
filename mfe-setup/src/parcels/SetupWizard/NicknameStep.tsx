import { BRAND, RadioGroup, type NicknameFormat } from '@roconnect/shared-lib';
import { nicknameFormatOptions } from '../../features/nickname/nicknameFormatOptions';
import { StepHeading } from './StepHeading';
import type { WizardStepProps } from './wizardSteps';

export type NicknameStepProps = WizardStepProps<NicknameFormat>;

export function NicknameStep(step: NicknameStepProps) {
  return (
    <>
      <StepHeading title="Nickname Configuration">
        Choose the nickname {BRAND.product} gives members after they verify.
      </StepHeading>
      <RadioGroup
        name="nickname_format"
        legend="Nickname format"
        options={nicknameFormatOptions}
        {...step}
      />
    </>
  );
}
