import { useId } from 'react';
import styled from 'styled-components';
import {
  CardGrid,
  EmptyState,
  ErrorState,
  LoadingState,
  TabHeader,
  type ServersTabProps,
} from '@roconnect/shared-lib';
import { ServerCard } from './ServerCard';
import { SyncServersButton } from './SyncServersButton';
import { useServerList } from './useServerList';
import { useSetupStatuses } from './useSetupStatuses';
import { useHealthProblems } from '../../features/health/useHealthProblems';

const Header = styled(TabHeader)`
  margin-top: ${({ theme }) => theme.space(6)};
`;

/** Every prop may be missing: the shell may not pass its own server list yet (the tab loads it then). */
export type ServersTabParcelProps = Partial<ServersTabProps>;

/**
 * The dashboard's Servers tab (docs/product.md › Servers tab). Mounted inside the shell's `<main>`,
 * so a section.
 */
export function ServersTab({
  servers,
  onServersUpdate,
  onSetupServer,
  onEditServer,
}: ServersTabParcelProps) {
  const titleId = useId();
  const { state, syncing, sync, retry, checking, recheckBot } = useServerList(
    servers,
    onServersUpdate,
  );
  const setupStatuses = useSetupStatuses(state.status === 'ready' ? state.servers : null);
  const healthProblems = useHealthProblems(
    state.status === 'ready' ? state.servers : null,
    setupStatuses,
  );
  const onSync = () => void sync();

  return (
    <section aria-labelledby={titleId}>
      <Header
        titleId={titleId}
        title="Your Discord Servers"
        action={
          state.status === 'ready' &&
          state.servers.length > 0 && <SyncServersButton syncing={syncing} onSync={onSync} />
        }
      />

      {state.status === 'loading' && <LoadingState label="Loading servers..." />}
      {state.status === 'failed' && (
        <ErrorState
          title="Servers unavailable"
          message="Failed to load your servers. Please try again."
          onRetry={retry}
        />
      )}
      {state.status === 'ready' && state.servers.length === 0 && (
        <EmptyState
          icon="server"
          title="No Servers Found"
          description="Sync your Discord servers to see the ones you own or manage."
          action={<SyncServersButton syncing={syncing} onSync={onSync} variant="primary" />}
        />
      )}
      {state.status === 'ready' && state.servers.length > 0 && (
        <CardGrid>
          {state.servers.map((server, index) => (
            <ServerCard
              key={server.server_id}
              server={server}
              index={index}
              setupStatus={setupStatuses.get(server.server_id)}
              healthProblems={healthProblems.get(server.server_id)}
              onSetupServer={onSetupServer}
              onEditServer={onEditServer}
              checkingBot={checking === server.server_id}
              onCheckBot={checking ? undefined : () => void recheckBot(server)}
            />
          ))}
        </CardGrid>
      )}
    </section>
  );
}
