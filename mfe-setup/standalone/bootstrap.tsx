import { mountHarness } from '@roconnect/shared-lib/harness';

void mountHarness({
  remoteName: 'mfe_setup',
  parcels: [
    { id: 'SetupWizard', label: 'Setup wizard', load: () => import('../src/parcels/SetupWizard') },
    { id: 'ServerConfig', label: 'Server configuration', load: () => import('../src/parcels/ServerConfig') },
  ],
});
