import type { ParcelConfigObject } from 'single-spa';
import { defineParcel } from '@roconnect/shared-lib';
import { mountHarness } from '@roconnect/shared-lib/harness';
import { SEED_SERVERS } from '@roconnect/shared-lib/mocks';
import { WizardLauncher } from './WizardLauncher';

/** The harness mounts any parcel with the props given here, as the shell would. */
const asHarnessParcel = (module: { default: unknown }) => ({
  default: module.default as ParcelConfigObject,
});

const query = new URLSearchParams(window.location.search);

void mountHarness({
  remoteName: 'mfe_setup',
  parcels: [
    {
      id: 'SetupWizard',
      label: 'Setup wizard',
      load: () =>
        Promise.resolve({
          default: defineParcel('mfe_setup/SetupWizard', WizardLauncher) as ParcelConfigObject,
        }),
    },
    {
      id: 'ServerConfig',
      label: 'Server configuration',
      load: () => import('../src/parcels/ServerConfig').then(asHarnessParcel),
      // ?serverId= opens another mock server, e.g. 200000000000000004 (one the demo user does not manage).
      props: {
        serverId: query.get('serverId') ?? SEED_SERVERS.ownerReady,
        query: Object.fromEntries(query),
      },
    },
    {
      id: 'DiscordSettings',
      label: 'Discord settings',
      load: () => import('../src/parcels/DiscordSettings').then(asHarnessParcel),
      props: {
        serverId: query.get('serverId') ?? SEED_SERVERS.ownerReady,
        query: Object.fromEntries(query),
      },
    },
    {
      id: 'RulesSettings',
      label: 'Rules',
      load: () => import('../src/parcels/RulesSettings').then(asHarnessParcel),
      props: {
        serverId: query.get('serverId') ?? SEED_SERVERS.ownerReady,
        query: Object.fromEntries(query),
      },
    },
  ],
});
