import { BRAND, RadioGroup, type NicknameFormat } from '@roconnect/shared-lib';
import { nicknameFormatOptions } from '../../features/nickname/nicknameFormatOptions';
import { StepHeading } from './StepHeading';

export interface NicknameStepProps {
  value: NicknameFormat;
  onChange: (value: NicknameFormat) => void;
  error?: string;
  disabled: boolean;
}

export function NicknameStep({ value, onChange, error, disabled }: NicknameStepProps) {
  return (
    <>
      <StepHeading title="Nickname Configuration">
        Choose the nickname {BRAND.product} gives members after they verify.
      </StepHeading>
      <RadioGroup
        name="nickname_format"
        legend="Nickname format"
        options={nicknameFormatOptions}
        value={value}
        onChange={onChange}
        disabled={disabled}
        error={error}
      />
    </>
  );
}
