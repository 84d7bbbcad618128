import { mountHarness } from '@roconnect/shared-lib/harness';

// The shell passes each routed page its query; here the harness page's own query stands in for it,
// e.g. ?parcel=RobloxCallback&error=access_denied or ?parcel=Verify&account_id=la-2.
const pageQuery = async () => ({
  query: Object.fromEntries(new URLSearchParams(window.location.search)),
});

void mountHarness({
  remoteName: 'mfe_accounts',
  parcels: [
    // Without the shell's dashboard data the tab loads its own through the mocked API.
    {
      id: 'AccountsTab',
      label: 'Linked accounts',
      load: () => import('../src/parcels/AccountsTab'),
    },
    {
      id: 'RobloxCallback',
      label: 'Roblox callback',
      load: () => import('../src/parcels/RobloxCallback'),
      props: pageQuery,
    },
    {
      id: 'Verify',
      label: 'Verify & Update',
      load: () => import('../src/parcels/Verify'),
      props: pageQuery,
    },
    {
      id: 'PrivacySettings',
      label: 'Privacy & data',
      load: () => import('../src/parcels/PrivacySettings'),
      props: pageQuery,
    },
    {
      id: 'LinkedRoles',
      label: 'Linked Roles',
      load: () => import('../src/parcels/LinkedRoles'),
      props: pageQuery,
    },
  ],
});
