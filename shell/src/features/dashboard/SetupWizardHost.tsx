import { useMemo } from 'react';
import type { SetupWizardProps } from '@roconnect/shared-lib';
import { RemoteParcel } from '../remotes/RemoteParcel';

export interface SetupTarget {
  serverId: string;
  serverName: string;
}

/** Opens mfe_setup's wizard parcel (a modal) for one server; the remotes never import each other. */
export function SetupWizardHost({
  target,
  onComplete,
  onCancel,
  onSaveSettledAfterClose,
}: {
  target: SetupTarget;
  onComplete: () => void;
  onCancel: () => void;
  onSaveSettledAfterClose: () => void;
}) {
  const props = useMemo<SetupWizardProps>(
    () => ({
      serverId: target.serverId,
      serverName: target.serverName,
      onComplete,
      onCancel,
      onSaveSettledAfterClose,
    }),
    [target, onComplete, onCancel, onSaveSettledAfterClose],
  );
  return (
    <RemoteParcel
      remote="mfe_setup"
      expose="SetupWizard"
      label="Setup wizard"
      parcelProps={props}
    />
  );
}
