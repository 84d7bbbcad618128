import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { expect, remoteRegion, SHELL, signIn, test } from '../support/fixtures';
import { startOneOrigin } from '../support/oneOrigin';
import {
  expectServersFallbackThenRecovery,
  serveServersRemoteAfterEach,
} from '../support/remoteFallback';
import {
  ROOT,
  STACK,
  type RemoteName,
  startServiceProcess,
  stopServiceProcess,
} from '../support/stack';

test.describe('the shell composes the remotes', () => {
  // Pages that stay put (no redirect of their own), so each parcel can be seen where it mounted.
  const pages: { path: string; remote: string; parcel: string; text: string; signedIn: boolean }[] =
    [
      {
        path: '/',
        remote: 'mfe_public',
        parcel: 'Landing',
        text: 'Start Linking',
        signedIn: false,
      },
      {
        path: '/verify',
        remote: 'mfe_accounts',
        parcel: 'Verify',
        text: 'Verify & Update',
        signedIn: true,
      },
      {
        path: '/roblox/callback?error=access_denied',
        remote: 'mfe_accounts',
        parcel: 'RobloxCallback',
        text: 'Roblox Linking Error',
        signedIn: false,
      },
      {
        path: '/server/edit/300000000000000001',
        remote: 'mfe_setup',
        parcel: 'ServerConfig',
        text: 'Demo Builders',
        signedIn: true,
      },
    ];
  for (const { path: route, remote, parcel, text, signedIn } of pages) {
    test(`${route} renders ${remote}/${parcel} through the shell`, async ({ page }) => {
      if (signedIn) await signIn(page);
      await page.goto(route);
      const mounted = remoteRegion(page, remote).locator(`[data-parcel="${remote}/${parcel}"]`);
      await expect(mounted.getByText(text).first()).toBeVisible();
    });
  }

  test('the dashboard mounts mfe_servers/ServersTab in its Servers tab', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Servers' }).click();
    const mounted = remoteRegion(page, 'mfe_servers').locator(
      '[data-parcel="mfe_servers/ServersTab"]',
    );
    await expect(mounted.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
  });

  test('every spec route and an unknown path mount the error page of mfe_public', async ({
    page,
  }) => {
    for (const code of ['401', '403', '404', '500', '502']) {
      await page.goto(`/${code}`);
      await expect(page.locator('[data-parcel="mfe_public/ErrorPage"]')).toBeAttached();
    }
    await page.goto('/this/path/does/not/exist');
    await expect(page.locator('[data-parcel="mfe_public/ErrorPage"]')).toBeAttached();
    await expect(page).toHaveTitle(/Page not found/);
  });

  test('React and react-dom are each downloaded once for the whole page', async ({ page }) => {
    await signIn(page);
    // Count from a fresh load of the dashboard (sign-in itself passes through other documents).
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.reload();
    await expect(remoteRegion(page, 'mfe_accounts')).toHaveAttribute(
      'data-remote-status',
      'mounted',
    );
    await page.getByRole('tab', { name: 'Servers' }).click();
    await expect(remoteRegion(page, 'mfe_servers')).toHaveAttribute(
      'data-remote-status',
      'mounted',
    );

    // Which files hold react and react-dom, per container, from each container's manifest.
    const origins = [SHELL, ...Object.values(STACK.remotes)];
    const holders: Record<string, Set<string>> = {
      react: new Set(),
      'react-dom': new Set(),
      'react-dom/client': new Set(),
    };
    for (const origin of origins) {
      const manifest = (await (await page.request.get(`${origin}/mf-manifest.json`)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      for (const shared of manifest.shared) {
        if (shared.name in holders) {
          [...shared.assets.js.sync, ...shared.assets.js.async].forEach((file) =>
            holders[shared.name]!.add(`${origin}/${file}`),
          );
        }
      }
    }
    for (const [name, files] of Object.entries(holders)) {
      const downloaded = scripts.filter((url) => files.has(url));
      expect(
        downloaded.length,
        `${name} files downloaded: ${downloaded.join(', ')}`,
      ).toBeGreaterThan(0);
      expect(new Set(downloaded).size, `${name} downloaded twice`).toBe(downloaded.length);
      const downloadOrigins = new Set(downloaded.map((url) => new URL(url).origin));
      expect([...downloadOrigins], `${name} came from more than one container`).toEqual([SHELL]);
    }
    expect(
      scripts.filter((url) =>
        [STACK.remotes.mfe_accounts, STACK.remotes.mfe_servers].includes(new URL(url).origin),
      ).length,
    ).toBeGreaterThan(0);
  });
});

test.describe('a remote that cannot load', () => {
  serveServersRemoteAfterEach();

  test('shows a fallback in its own region only, and Try again recovers', async ({
    page,
    allowConsoleErrors,
  }) => {
    const serversHost = new URL(STACK.remotes.mfe_servers).host;
    allowConsoleErrors(new RegExp(`ERR_CONNECTION_REFUSED|${serversHost}|mfe_servers|RUNTIME-00`));
    await signIn(page);
    await stopServiceProcess('mfe_servers');
    await page.reload();
    await expectServersFallbackThenRecovery(page);
  });
});

test.describe('independent deploys', () => {
  // the one origin's certificate is made for the run
  test.use({ ignoreHTTPSErrors: true });

  test('a rebuilt remote shows on reload with no shell rebuild, on both origins', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const shellMain = path.join(ROOT, 'shell', 'dist', 'main.js');
    const shellBefore = fs.statSync(shellMain).mtimeMs;
    await page.goto('/privacy');
    const parcel = page.locator('[data-parcel="mfe_public/Privacy"]');
    await expect(parcel).toBeAttached();
    const releaseBefore = await parcel.getAttribute('data-release');

    // Build only mfe-public, as its team would, into a fresh folder, and deploy it on its port.
    const release = `e2e-${Date.now()}`;
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-mfe-public-'));
    execFileSync('npx', ['webpack', '--mode', 'production'], {
      cwd: path.join(ROOT, 'mfe-public'),
      env: { ...process.env, RC_RELEASE: release, RC_OUT_DIR: outDir },
      stdio: 'ignore',
    });
    try {
      await stopServiceProcess('mfe_public');
      await startServiceProcess('mfe_public', {
        command: [
          process.execPath,
          path.join(ROOT, 'shell/server/serve-static.mjs'),
          outDir,
          String(STACK.ports.mfe_public),
        ],
      });
      await page.reload();
      await expect(parcel).toHaveAttribute('data-release', release);
      expect(release).not.toBe(releaseBefore);
      expect(fs.statSync(shellMain).mtimeMs).toBe(shellBefore);

      // Served as production serves it (one origin, the remote under /remotes/mfe_public/), the
      // same deploy is what the page gets: nothing of the shell's was touched there either.
      const oneOrigin = await startOneOrigin();
      try {
        await page.goto(`${oneOrigin.origin}/privacy`);
        await expect(parcel).toHaveAttribute('data-release', release);
      } finally {
        await oneOrigin.stop();
      }
    } finally {
      await stopServiceProcess('mfe_public');
      await startServiceProcess('mfe_public');
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});

test.describe('standalone remotes for QA', () => {
  const standalone: { remote: RemoteName; parcel: string }[] = [
    { remote: 'mfe_public', parcel: 'Landing' },
    { remote: 'mfe_accounts', parcel: 'AccountsTab' },
    { remote: 'mfe_servers', parcel: 'ServersTab' },
    { remote: 'mfe_setup', parcel: 'ServerConfig' },
  ];
  for (const { remote, parcel } of standalone) {
    test(`${remote} renders alone with MSW answering the API`, async ({ page }) => {
      await page.goto(`${STACK.remotes[remote]}/?parcel=${parcel}`);
      await expect(page.getByText(`${remote} standalone`)).toBeVisible();
      await expect(page.locator(`[data-parcel="${remote}/${parcel}"]`)).toBeAttached();
      const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      expect(controlled).toBe(true);
    });
  }
});

test('QA can make a call fail on a standalone page from the console', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 502/);
  await page.goto(`${STACK.remotes.mfe_servers}/?parcel=ServersTab`);
  await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
  await page.evaluate(() => {
    const mocks = (
      window as unknown as {
        roconnectMocks: {
          worker: { use: (handler: unknown) => void };
          failNext: (m: string, p: string, s: number, msg: string) => unknown;
        };
      }
    ).roconnectMocks;
    mocks.worker.use(mocks.failNext('post', '/api/v1/dashboard/user/sync-servers', 502, 'Down.'));
  });
  await page.getByRole('button', { name: 'Sync Servers' }).first().click();
  await expect(page.getByText('Failed to sync servers. Please try again.')).toBeVisible();
});
