import { useMemo } from 'react';
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
}: {
  target: SetupTarget;
  onComplete: () => void;
  onCancel: () => void;
}) {
  const props = useMemo(
    () => ({ serverId: target.serverId, serverName: target.serverName, onComplete, onCancel }),
    [target, onComplete, onCancel],
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
