import { mountHarness } from '@roconnect/shared-lib/harness';

void mountHarness({
  remoteName: 'mfe_servers',
  parcels: [
    { id: 'ServersTab', label: 'Your Discord Servers', load: () => import('../src/parcels/ServersTab') },
    { id: 'Invite', label: 'Invite page', load: () => import('../src/parcels/Invite') },
  ],
});
