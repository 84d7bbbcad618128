import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoLinkedAccounts } from '../support/member';
import {
  navigationProtocol,
  openDashboardTabsAt,
  signInAt,
  startOneOrigin,
  toPlainOrigins,
} from '../support/oneOrigin';
import { useServedOrigin } from '../support/originScript';
import {
  expectServersFallbackThenRecovery,
  serveServersRemoteAfterEach,
} from '../support/remoteFallback';
import { stopServiceProcess } from '../support/stack';

// The app as production serves it: one HTTPS origin with HTTP/2 (e2e/support/oneOrigin.ts).
const origin = useServedOrigin(startOneOrigin);

/** Every request the page makes, by URL, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

test('the landing comes over HTTP/2, its remote from the same origin', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${origin()}/`);
  await expect(page.getByText('Start Linking').first()).toBeVisible();
  // that view is the server's prerender, painted before any script is asked for: the Login link
  // comes with the started shell and the remote's mounted parcel
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await navigationProtocol(page)).toBe('h2');
  const scripts = requests.filter((url) => url.endsWith('.js'));
  expect(scripts.some((url) => url.startsWith(`${origin()}/remotes/mfe_public/`))).toBe(true);
  expect(scripts.filter((url) => !url.startsWith(`${origin()}/`))).toEqual([]);
});

test('signed in, the dashboard and its tabs work with every call on the one origin', async ({
  page,
}) => {
  await signInAt(page, origin());

  const requests = recordRequests(page);
  await openDashboardTabsAt(page, origin());

  expect(requests.some((url) => url.startsWith(`${origin()}/remotes/mfe_accounts/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin()}/remotes/mfe_servers/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin()}/_api/`))).toBe(true);
  // nothing from the plain stack's origins: scripts, manifests and calls all ride the one origin
  expect(toPlainOrigins(requests)).toEqual([]);
});

test.describe('a remote that cannot load, on the one origin', () => {
  serveServersRemoteAfterEach();

  test('its region alone shows the fallback (the ingress answers 502), and Try again recovers', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/502|mfe_servers|RUNTIME-00/);
    await signInAt(page, origin());
    await stopServiceProcess('mfe_servers');
    await page.goto(`${origin()}/dashboard`);
    await expectNoLinkedAccounts(page);

    await expectServersFallbackThenRecovery(page);
    await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
  });
});
