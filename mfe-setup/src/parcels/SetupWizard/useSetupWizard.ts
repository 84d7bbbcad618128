import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_NICKNAME_FORMAT,
  DEFAULT_VERIFIED_ROLE_NAME,
  api,
  apiErrorStatus,
  toast,
  type NicknameFormat,
  type SetupGroupRequest,
} from '@roconnect/shared-lib';
import {
  serverChanged,
  setupStatusQuery,
  useApiMutation,
  usePageQueryClient,
  useServerConfig,
  useSetupStatus,
} from '@roconnect/shared-lib/query';
import { isNicknameFormat } from '../../features/nickname/nicknameFormatOptions';
import { refusalMessage } from '../../features/apiErrors/refusalMessage';
import { readGroupField } from '../../features/group/readGroupField';
import { stepNumberOf, type WizardStepNumber } from './wizardSteps';

export const EMPTY_GROUP_MESSAGE = 'Enter a Roblox group ID or URL, or choose Skip Group.';
export const GROUP_NO_ANSWER_MESSAGE =
  'The server did not answer in time. The roles may still be being created. Check the status in a moment.';
export const GROUP_NOT_DONE_MESSAGE =
  'Setup has not finished yet. The roles may still be being created: check again in a moment, or try again.';
export const STATUS_CHECK_FAILED_MESSAGE = 'Could not check the setup status. Please try again.';

/** No answer at all (the 120 s timeout, a lost connection): the API may still be working. */
const gotNoAnswer = (failure: unknown) => apiErrorStatus(failure) === undefined;

export type WizardBusy = 'save' | 'skip' | null;

/** a step's save: the step, and for step 3 the group it links */
interface StepSave {
  step: WizardStepNumber;
  group?: SetupGroupRequest;
}

/**
 * The wizard's state machine (docs/product.md › Setup wizard): load the setup status, open at its
 * step (or finish at once), save each step in turn, skip or link a group, and complete.
 */
export function useSetupWizard(
  serverId: string,
  onComplete: () => void,
  onSaveSettledAfterClose?: () => void,
) {
  const client = usePageQueryClient();
  const statusRead = useSetupStatus(serverId);
  const configRead = useServerConfig(serverId);
  /** the server whose saved setup the wizard has opened at */
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [step, setStep] = useState<WizardStepNumber>(1);
  const [nicknameFormat, setNicknameFormat] = useState<NicknameFormat>(DEFAULT_NICKNAME_FORMAT);
  const [verifiedRoleName, setVerifiedRoleName] = useState(DEFAULT_VERIFIED_ROLE_NAME);
  const [groupInput, setGroupInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** the group call got no answer; the user can ask whether setup finished after all */
  const [outcomeUnknown, setOutcomeUnknown] = useState(false);

  const stepSave = useApiMutation({
    call: ({ step: current, group }: StepSave): Promise<unknown> =>
      current === 1
        ? api.server.setupNickname(serverId, nicknameFormat)
        : current === 2
          ? api.server.setupVerifiedRole(serverId, verifiedRoleName)
          : api.server.setupGroup(serverId, group!),
    changes: (cache) => serverChanged(cache, serverId),
    success: (_saved, { step: current }) => `Step ${current} completed successfully!`,
    failure: (failure, { step: current }) =>
      current === 3 && gotNoAnswer(failure)
        ? null
        : `Failed to complete step ${current}. Please try again.`,
  });
  const groupSkip = useApiMutation({
    call: () => api.server.setupGroup(serverId, { skip: true }),
    changes: (cache) => serverChanged(cache, serverId),
    success: 'Group setup skipped successfully!',
    failure: (failure) =>
      gotNoAnswer(failure) ? null : 'Failed to skip group setup. Please try again.',
  });
  /** asked by the user after a group call without an answer */
  const statusCheck = useApiMutation({
    call: () => client.fetchQuery(setupStatusQuery(serverId)),
  });
  const busy: WizardBusy = stepSave.isPending ? 'save' : groupSkip.isPending ? 'skip' : null;
  const checkingStatus = statusCheck.isPending;

  // The shell may unmount the wizard (Cancel) while a call is still running.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;
  const settledAfterCloseRef = useRef(onSaveSettledAfterClose);
  settledAfterCloseRef.current = onSaveSettledAfterClose;

  /** True when the wizard was closed mid-save: tell the shell the save is over, and stop. */
  function closedMeanwhile(): boolean {
    if (mounted.current) return false;
    settledAfterCloseRef.current?.();
    return true;
  }

  // Opens once both reads of this visit have settled (not on what the cache kept from before). The
  // saved configuration only pre-fills the fields; a failed status load is ignored
  // (docs/product.md › Setup wizard).
  const openingFor = useRef<string | null>(null);
  const bothRead =
    !statusRead.isPending &&
    !statusRead.isFetching &&
    !configRead.isPending &&
    !configRead.isFetching;
  useEffect(() => {
    if (!bothRead || openingFor.current === serverId) return;
    openingFor.current = serverId;
    const saved = configRead.isError ? undefined : configRead.data?.server_config;
    if (saved) {
      if (isNicknameFormat(saved.nickname_format)) setNicknameFormat(saved.nickname_format);
      if (saved.verified_role_name) setVerifiedRoleName(saved.verified_role_name);
      if (saved.group_id) setGroupInput(saved.group_id);
    }
    const status = statusRead.isError ? undefined : statusRead.data;
    if (status?.setup_completed) {
      completeRef.current();
      return;
    }
    if (status) setStep(stepNumberOf(status.setup_step));
    setOpenedFor(serverId);
  }, [bothRead, serverId, configRead, statusRead]);
  const loading = openedFor !== serverId;

  function goTo(next: WizardStepNumber) {
    setError(undefined);
    setOutcomeUnknown(false);
    setStep(next);
  }

  /** After a group call without an answer: a timeout says nothing about what the API did. */
  function groupGotNoAnswer() {
    setError(GROUP_NO_ANSWER_MESSAGE);
    setOutcomeUnknown(true);
  }

  async function checkStatus(): Promise<void> {
    if (checkingStatus) return;
    const checked = await statusCheck.run();
    if (!mounted.current) return;
    if (!checked.ok) setError(STATUS_CHECK_FAILED_MESSAGE);
    else if (checked.data.setup_completed) {
      toast.success('Step 3 completed successfully!');
      completeRef.current();
    } else setError(GROUP_NOT_DONE_MESSAGE);
  }

  async function saveStep(): Promise<void> {
    if (busy) return;
    setError(undefined);
    setOutcomeUnknown(false);
    const current = step;
    const groupField = current === 3 ? readGroupField(groupInput, EMPTY_GROUP_MESSAGE) : undefined;
    if (groupField && 'error' in groupField) {
      setError(groupField.error);
      return;
    }
    const saved = await stepSave.run({ step: current, group: groupField?.body });
    if (closedMeanwhile()) return;
    if (saved.ok) {
      if (current === 3) completeRef.current();
      else goTo((current + 1) as WizardStepNumber);
    } else if (current === 3 && gotNoAnswer(saved.error)) groupGotNoAnswer();
    else setError(refusalMessage(saved.error));
  }

  async function skipGroup(): Promise<void> {
    if (busy) return;
    setError(undefined);
    setOutcomeUnknown(false);
    const skipped = await groupSkip.run();
    if (closedMeanwhile()) return;
    if (skipped.ok) completeRef.current();
    else if (gotNoAnswer(skipped.error)) groupGotNoAnswer();
    else setError(refusalMessage(skipped.error));
  }

  return {
    loading,
    step,
    busy,
    error,
    nicknameFormat,
    setNicknameFormat,
    verifiedRoleName,
    setVerifiedRoleName,
    groupInput,
    setGroupInput,
    saveStep,
    skipGroup,
    outcomeUnknown,
    checkingStatus,
    checkStatus,
    previous: () => step > 1 && goTo((step - 1) as WizardStepNumber),
  };
}
