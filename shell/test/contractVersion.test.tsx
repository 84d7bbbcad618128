import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACT_VERSION } from '@roconnect/shared-lib/contract';
import { setupMockServer } from '@roconnect/shared-lib/testing';
import { loadParcelConfig } from '../src/features/remotes/remoteRegistry';
import { federation, renderApp, setupSignedInShell } from './helpers';

// the remotes' build reads the version from shared-lib's source (tools/webpack/createRemoteConfig.js)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readContractVersion } = require('../../tools/webpack/createRemoteConfig') as {
  readContractVersion: (file?: string) => string;
};

const { server } = setupMockServer();
setupSignedInShell(server);
afterEach(() => jest.restoreAllMocks());

const MAJOR = Number(CONTRACT_VERSION.split('.')[0]);

/** mfe_servers' mf-manifest.json as a build of `contractVersion` would write it. */
function serveServersManifest(roconnect: object | undefined) {
  federation.serveManifest('mfe_servers', {
    name: 'mfe_servers',
    metaData: roconnect ? { roconnect } : {},
    exposes: [],
    shared: [],
  });
}

async function openServersTab() {
  const user = userEvent.setup();
  renderApp('/dashboard');
  // the first render of the dashboard (its data, its parcel) can take a while on a busy machine
  await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' }, { timeout: 5000 });
  await user.click(screen.getByRole('tab', { name: 'Servers' }));
  return { user, servers: screen.getByRole('region', { name: 'Servers' }) };
}

describe('a remote built against another shared-lib contract', () => {
  it.each([
    ['the next major', `${MAJOR + 1}.0.0`],
    ['the previous major', `${MAJOR - 1}.4.2`],
  ])(
    'is refused in its own region (%s), the console naming the remote and both versions',
    async (_case, built) => {
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      serveServersManifest({ contractVersion: built });
      const { user, servers } = await openServersTab();

      expect(await within(servers).findByText('Servers is unavailable')).toBeInTheDocument();
      expect(servers).toHaveAttribute('data-remote-status', 'failed');
      expect(screen.queryByRole('region', { name: 'mfe_servers/ServersTab' })).toBeNull();
      const lines = errors.mock.calls.map((args) => args.map(String).join(' '));
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`mfe_servers.*contract ${built}.*contract ${CONTRACT_VERSION}`),
        ),
      );

      // the header and the other tab keep working
      expect(within(screen.getByRole('banner')).getByText('demo_user')).toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Accounts' }));
      expect(
        await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' }),
      ).toBeInTheDocument();
    },
    // the file's first test compiles the dashboard's modules: slow on a busy machine
    15_000,
  );

  it('is refused when its manifest names no contract version (built before versions)', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    serveServersManifest(undefined);
    const { servers } = await openServersTab();

    expect(await within(servers).findByText('Servers is unavailable')).toBeInTheDocument();
    expect(errors.mock.calls.map((args) => String(args[0]))).toContainEqual(
      expect.stringContaining('Remote mfe_servers refused: it was built against no shared-lib'),
    );
  });

  it('is served when only its minor or patch differs', async () => {
    const errors = jest.spyOn(console, 'error');
    serveServersManifest({ contractVersion: `${MAJOR}.${99}.7` });
    const { servers } = await openServersTab();

    expect(
      await within(servers).findByRole('region', { name: 'mfe_servers/ServersTab' }),
    ).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('a remote built against this contract', () => {
  it('is served for each of its exposes, the later ones read from the snapshot the runtime kept', async () => {
    const errors = jest.spyOn(console, 'error');
    await expect(loadParcelConfig('mfe_setup', 'ServerConfig')).resolves.toBeDefined();
    await expect(loadParcelConfig('mfe_setup', 'SetupWizard')).resolves.toBeDefined();
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("the remotes' build", () => {
  it('writes the CONTRACT_VERSION shared-lib exports', () => {
    expect(readContractVersion()).toBe(CONTRACT_VERSION);
  });

  it('stops with the file named when the version line is missing', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-')), 'version.ts');
    fs.writeFileSync(file, 'export const CONTRACT_VERSION = `1.0`;\n');
    expect(() => readContractVersion(file)).toThrow(
      `${file}: no line export const CONTRACT_VERSION = '<major.minor.patch>';`,
    );
  });
});
