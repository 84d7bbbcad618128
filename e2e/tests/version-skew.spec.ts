import path from 'node:path';
import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import { ROOT, STACK } from '../support/stack';

// the version the remotes' build writes into each mf-manifest.json (docs/deploying-a-remote.md)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readContractVersion } = require(path.join(ROOT, 'tools/webpack/createRemoteConfig.js')) as {
  readContractVersion: () => string;
};

test('a remote built against another contract major is refused in its own region; the dashboard works elsewhere', async ({
  page,
  allowConsoleErrors,
}) => {
  const contract = readContractVersion();
  const skewed = `${Number(contract.split('.')[0]) + 1}.0.0`;
  allowConsoleErrors(/Remote mfe_servers refused/);

  // mfe_servers redeployed alone, built against the next major: its manifest, served as such
  const servers = STACK.remotes.mfe_servers;
  const builtVersions: unknown[] = [];
  await page.route(`${servers}/mf-manifest.json*`, async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as {
      metaData: { roconnect?: { contractVersion?: unknown } };
    };
    builtVersions.push(manifest.metaData.roconnect?.contractVersion);
    manifest.metaData.roconnect = { contractVersion: skewed };
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => !/^(content-encoding|content-length|etag)$/i.test(name),
      ),
    );
    await route.fulfill({ status: response.status(), headers, json: manifest });
  });
  const refusals: string[] = [];
  const serversCode: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('refused'))
      refusals.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().startsWith(servers) && request.url().endsWith('.js'))
      serversCode.push(request.url());
  });

  await signIn(page);
  await expect(remoteRegion(page, 'mfe_accounts')).toHaveAttribute('data-remote-status', 'mounted');
  await page.getByRole('tab', { name: 'Servers' }).click();
  const region = remoteRegion(page, 'mfe_servers');
  await expect(region).toHaveAttribute('data-remote-status', 'failed');
  await expect(region.getByText('Servers is unavailable')).toBeVisible();

  // the build wrote its contract; the console names the remote and both versions
  expect(builtVersions.length).toBeGreaterThan(0);
  expect(new Set(builtVersions)).toEqual(new Set([contract]));
  expect(refusals).toContainEqual(
    expect.stringContaining(
      `Remote mfe_servers refused: it was built against shared-lib contract ${skewed}, this shell serves contract ${contract}`,
    ),
  );
  // refused from its manifest: none of its scripts was fetched
  expect(serversCode).toEqual([]);

  // the header and the other tab keep working
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await expect(remoteRegion(page, 'mfe_accounts')).toHaveAttribute('data-remote-status', 'mounted');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeEnabled();
  // a manifest read still under way as the page closes (the shell checks it again) is not this
  // test's to finish
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
