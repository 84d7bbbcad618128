import { useMemo } from 'react';
import { Banner, LoadingState } from '@roconnect/shared-lib';
import { useServerBinds } from '@roconnect/shared-lib/query';
import { BindsPreview } from '../binds/BindsPreview';
import { savedAsRequest } from '../binds/bindDrafts';

/**
 * Before Start: what the saved binds would change for the verified members, from their last known
 * Roblox data (the same preview as the binds editor's).
 */
export function UpdatePreview({ serverId }: { serverId: string }) {
  const read = useServerBinds(serverId);
  const binds = useMemo(() => (read.data ? savedAsRequest(read.data) : null), [read.data]);
  if (read.isError)
    return (
      <Banner tone="error" title="Couldn't read the binds">
        The update can still run; the preview is not available now.
      </Banner>
    );
  if (!binds) return <LoadingState label="Loading the binds..." />;
  if (binds.length === 0)
    return (
      <p style={{ margin: 0 }}>
        No binds yet: the update sets nicknames and the Verified role only.
      </p>
    );
  return <BindsPreview serverId={serverId} binds={binds} title="Roles this update would change" />;
}
