import type { SetupStep } from '@roconnect/shared-lib';

export type WizardStepNumber = 1 | 2 | 3;

/** What each step's form takes: its one value, the step's error, and whether the step saves. */
export interface WizardStepProps<T> {
  value: T;
  onChange: (value: T) => void;
  error?: string;
  disabled: boolean;
}

export const WIZARD_STEPS: { number: WizardStepNumber; title: string }[] = [
  { number: 1, title: 'Nickname Configuration' },
  { number: 2, title: 'Verified Role Setup' },
  { number: 3, title: 'Group Integration' },
];

const STEP_NUMBERS: Record<SetupStep, WizardStepNumber> = {
  nickname: 1,
  verified_role: 2,
  group: 3,
};

/**
 * Where the wizard opens for the API's setup_step; step 1 when there is none
 * (docs/product.md › Setup wizard).
 */
export function stepNumberOf(step: SetupStep | null | undefined): WizardStepNumber {
  return (step && STEP_NUMBERS[step]) || 1;
}
