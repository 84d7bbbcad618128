import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Banner,
  Button,
  LoadingState,
  Modal,
  type SetupWizardProps,
} from '@roconnect/shared-lib';
import { GroupStep } from './GroupStep';
import { NicknameStep } from './NicknameStep';
import { useSetupWizard } from './useSetupWizard';
import { VerifiedRoleStep } from './VerifiedRoleStep';
import { WizardProgress } from './WizardProgress';
import { WrapRow } from '../../features/fields/WrapRow';

const Form = styled.form`
  margin: 0;
`;

const Spacer = styled.span`
  flex: 1 1 auto;
`;

const CloseQuestion = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
`;

const StatusCheck = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const StatusText = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(2)};
`;

export const CLOSE_WHILE_SAVING_MESSAGE =
  'Setup is still saving. If you close now, it keeps running on the server and the roles may still be created.';

/**
 * The setup wizard modal (docs/product.md › Setup wizard): three steps, opened by the shell for one
 * server.
 */
export function SetupWizard({
  serverId,
  serverName,
  onComplete,
  onCancel,
  onSaveSettledAfterClose,
}: SetupWizardProps) {
  const wizard = useSetupWizard(serverId, onComplete, onSaveSettledAfterClose);
  const formId = useId();
  const { step, busy, loading } = wizard;
  const working = busy !== null;
  const [askingToClose, setAskingToClose] = useState(false);
  const keepWaitingRef = useRef<HTMLButtonElement>(null);

  // A save (the group step takes up to 120 s) is never dropped silently: Cancel, Escape, × and a
  // click outside ask first; asking again (e.g. a second Escape) means keep waiting.
  function requestClose() {
    if (!working) onCancel();
    else setAskingToClose((asking) => !asking);
  }
  // The question goes away by itself once the save is over.
  const showQuestion = askingToClose && working;
  useEffect(() => {
    if (!working) setAskingToClose(false);
  }, [working]);
  useEffect(() => {
    if (showQuestion) keepWaitingRef.current?.focus();
  }, [showQuestion]);

  const footer = showQuestion ? (
    <CloseQuestion>
      <Banner tone="warning" title="Close while saving?">
        {CLOSE_WHILE_SAVING_MESSAGE}
      </Banner>
      <WrapRow $justify="flex-end">
        <Button ref={keepWaitingRef} variant="secondary" onClick={() => setAskingToClose(false)}>
          Keep waiting
        </Button>
        <Button variant="danger" onClick={onCancel}>
          Close anyway
        </Button>
      </WrapRow>
    </CloseQuestion>
  ) : loading ? (
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
      <Button variant="secondary" onClick={requestClose}>
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
      onClose={requestClose}
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
                error={wizard.outcomeUnknown ? undefined : wizard.error}
                linking={working}
                disabled={working}
              />
            )}
            {step === 3 && wizard.outcomeUnknown && !working && (
              <StatusCheck>
                <Banner tone="warning" title="Setup did not finish in time">
                  <StatusText>{wizard.error}</StatusText>
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={wizard.checkingStatus}
                    onClick={() => void wizard.checkStatus()}
                  >
                    {wizard.checkingStatus ? 'Checking...' : 'Check status'}
                  </Button>
                </Banner>
              </StatusCheck>
            )}
          </Form>
        </>
      )}
    </Modal>
  );
}
