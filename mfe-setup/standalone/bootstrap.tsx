import type { ParcelConfigObject } from 'single-spa';
import { defineParcel } from '@roconnect/shared-lib';
import { mountHarness } from '@roconnect/shared-lib/harness';
import { SEED_SERVERS } from '@roconnect/shared-lib/mocks';
import { PageQueryProvider } from '@roconnect/shared-lib/query';
import { WizardLauncher } from './WizardLauncher';

/** The harness mounts any parcel with the props given here, as the shell would. */
const asHarnessParcel = (module: { default: unknown }) => ({
  default: module.default as ParcelConfigObject,
});

const query = new URLSearchParams(window.location.search);
// The server console's route props; ?serverId= opens another mock server, e.g. 200000000000000004
// (one the demo user does not manage), and ?section= one of its sections, e.g. audit.
const serverPageProps = {
  serverId: query.get('serverId') ?? SEED_SERVERS.ownerReady,
  section: query.get('section') ?? 'overview',
  query: Object.fromEntries(query),
};

void mountHarness({
  remoteName: 'mfe_setup',
  parcels: [
    {
      id: 'SetupWizard',
      label: 'Setup wizard',
      load: () =>
        Promise.resolve({
          // the exposed parcel's provider: the wizard reads and writes through the query layer
          default: defineParcel('mfe_setup/SetupWizard', WizardLauncher, {
            provider: PageQueryProvider,
          }) as ParcelConfigObject,
        }),
    },
    {
      id: 'ServerConfig',
      label: 'Server configuration',
      load: () => import('../src/parcels/ServerConfig').then(asHarnessParcel),
      props: serverPageProps,
    },
  ],
});
