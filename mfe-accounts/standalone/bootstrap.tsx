import { mountHarness } from '@roconnect/shared-lib/harness';

void mountHarness({
  remoteName: 'mfe_accounts',
  parcels: [
    { id: 'AccountsTab', label: 'Linked accounts', load: () => import('../src/parcels/AccountsTab') },
    { id: 'RobloxCallback', label: 'Roblox callback', load: () => import('../src/parcels/RobloxCallback') },
    { id: 'Verify', label: 'Verify & Update', load: () => import('../src/parcels/Verify') },
  ],
});
