import { mountHarness, routedPage } from '@roconnect/shared-lib/harness';

void mountHarness({
  remoteName: 'mfe_accounts',
  parcels: [
    // Without the shell's dashboard data the tab loads its own through the mocked API.
    {
      id: 'AccountsTab',
      label: 'Linked accounts',
      load: () => import('../src/parcels/AccountsTab'),
    },
    // e.g. ?parcel=Verify&account_id=la-2
    routedPage('RobloxCallback', 'Roblox callback', () => import('../src/parcels/RobloxCallback')),
    routedPage('Verify', 'Verify & Update', () => import('../src/parcels/Verify')),
    routedPage('PrivacySettings', 'Privacy & data', () => import('../src/parcels/PrivacySettings')),
    routedPage('LinkedRoles', 'Linked Roles', () => import('../src/parcels/LinkedRoles')),
  ],
});
