import {
  Button,
  dashboardPath,
  isServerConsoleSection,
  navigate,
  type ServerConfigProps,
} from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { ConsoleFrame } from '../../features/console/ConsoleFrame';
import { ServerPageFailed, ServerPageLoading } from '../../features/pages/PageFrame';
import { SECTION_VIEWS } from './sectionViews';
import { LOAD_FAILED_MESSAGE, useServerEditData } from './useServerEditData';

/**
 * /server/edit/{serverId} and /server/edit/{serverId}/{section}: the server console, one section
 * of the server's settings at a time in one frame (docs/product.md › Server configuration). The parcel
 * stays mounted as the user moves between sections and servers; the shell hands it the new props.
 */
export function ServerConfig({ serverId, section: requested }: ServerConfigProps) {
  const client = usePageQueryClient();
  const { state } = useServerEditData(serverId);
  // after every save the sections read the server again: its settings, the health check, the
  // binds and the audit log
  const saved = () => void serverChanged(client, serverId);
  const section = isServerConsoleSection(requested) ? requested : 'overview';

  if (state.status === 'loading')
    return <ServerPageLoading label="Loading server configuration..." />;
  if (state.status === 'failed')
    return (
      <ServerPageFailed
        title={LOAD_FAILED_MESSAGE}
        message="Returning to your dashboard..."
        back={
          <Button variant="secondary" onClick={() => navigate(dashboardPath('servers'))}>
            Back to Dashboard
          </Button>
        }
      />
    );

  const View = SECTION_VIEWS[section];
  return (
    <ConsoleFrame
      serverId={serverId}
      serverName={state.data.server_config.server_name}
      section={section}
    >
      <View key={`${serverId}/${section}`} serverId={serverId} data={state.data} onSaved={saved} />
    </ConsoleFrame>
  );
}
