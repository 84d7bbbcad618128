import { useId } from 'react';
import styled from 'styled-components';
import { BRAND, Button, LoadingState, Modal, type SetupWizardProps } from '@roconnect/shared-lib';
import { GroupStep } from './GroupStep';
import { NicknameStep } from './NicknameStep';
import { useSetupWizard } from './useSetupWizard';
import { VerifiedRoleStep } from './VerifiedRoleStep';
import { WizardProgress } from './WizardProgress';

const Form = styled.form`
  margin: 0;
`;

const Spacer = styled.span`
  flex: 1 1 auto;
`;

/** The setup wizard modal (spec §2, §4): three steps, opened by the shell for one server. */
export function SetupWizard({ serverId, serverName, onComplete, onCancel }: SetupWizardProps) {
  const wizard = useSetupWizard(serverId, onComplete);
  const formId = useId();
  const { step, busy, loading } = wizard;
  const working = busy !== null;

  const footer = loading ? (
    <Button variant="secondary" onClick={onCancel}>
      Cancel
    </Button>
  ) : (
    <>
      {step > 1 && (
        <Button variant="ghost" onClick={wizard.previous} disabled={working}>
          Previous
        </Button>
      )}
      {step === 3 && (
        <Button
          variant="secondary"
          onClick={() => void wizard.skipGroup()}
          loading={busy === 'skip'}
          disabled={working}
        >
          Skip Group
        </Button>
      )}
      <Spacer />
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={busy === 'save'} disabled={working}>
        {busy === 'save' ? 'Saving...' : step === 3 ? 'Complete Setup' : 'Next'}
      </Button>
    </>
  );

  return (
    <Modal
      open
      title={`Set up ${BRAND.product} in ${serverName}`}
      onClose={onCancel}
      footer={footer}
      closeLabel="Cancel setup"
    >
      {loading ? (
        <LoadingState label="Loading setup status..." />
      ) : (
        <>
          <WizardProgress current={step} />
          <Form
            id={formId}
            aria-label={`Step ${step} of 3`}
            aria-busy={working || undefined}
            onSubmit={(event) => {
              event.preventDefault();
              void wizard.saveStep();
            }}
          >
            {step === 1 && (
              <NicknameStep
                value={wizard.nicknameFormat}
                onChange={wizard.setNicknameFormat}
                error={wizard.error}
                disabled={working}
              />
            )}
            {step === 2 && (
              <VerifiedRoleStep
                value={wizard.verifiedRoleName}
                onChange={wizard.setVerifiedRoleName}
                error={wizard.error}
                disabled={working}
              />
            )}
            {step === 3 && (
              <GroupStep
                value={wizard.groupInput}
                onChange={wizard.setGroupInput}
                error={wizard.error}
                linking={working}
                disabled={working}
              />
            )}
          </Form>
        </>
      )}
    </Modal>
  );
}
