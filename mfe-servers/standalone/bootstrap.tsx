import { api, navigate, toast, type Server } from '@roconnect/shared-lib';
import { mountHarness } from '@roconnect/shared-lib/harness';
import { SEED_SERVERS } from '@roconnect/shared-lib/mocks';

// The shell's part, played by the harness: it loads the list and hears what the tab asks for.
async function serversTabProps() {
  return {
    servers: await api.dashboard.servers(),
    onServersUpdate: (servers: Server[]) =>
      toast.info(`Harness: the shell got ${servers.length} servers`),
    onSetupServer: (serverId: string, serverName: string) =>
      toast.info(`Harness: the shell would open the setup wizard for ${serverName} (${serverId})`),
    onEditServer: (serverId: string) => navigate(`/server/edit/${serverId}`),
  };
}

void mountHarness({
  remoteName: 'mfe_servers',
  parcels: [
    {
      id: 'ServersTab',
      label: 'Your Discord Servers',
      load: () => import('../src/parcels/ServersTab'),
      props: serversTabProps,
    },
    {
      id: 'ServersTabSelfLoading',
      label: 'Servers tab (loads its own list)',
      load: () => import('../src/parcels/ServersTab'),
      props: {
        onSetupServer: (_id: string, name: string) =>
          toast.info(`Harness: setup wizard for ${name}`),
      },
    },
    {
      id: 'Invite',
      label: 'Invite page',
      load: () => import('../src/parcels/Invite'),
      // Leaves the harness for the (mock) Discord URL, as the real page does.
      props: { query: { server_id: SEED_SERVERS.managerNoBot, server_name: 'Obby Makers' } },
    },
    {
      id: 'InviteWithoutServer',
      label: 'Invite page without server_id',
      load: () => import('../src/parcels/Invite'),
      props: { query: {} },
    },
  ],
});
