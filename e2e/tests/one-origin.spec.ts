import type { Page, Request } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { carrySession, startOneOrigin, toPlainOrigins, type OneOrigin } from '../support/oneOrigin';
import { expectServersFallbackThenRecovery } from '../support/remoteFallback';
import { ensureServiceProcess, stopServiceProcess } from '../support/stack';

// The app as production serves it: one HTTPS origin with HTTP/2 (e2e/support/oneOrigin.ts).
test.use({ ignoreHTTPSErrors: true });

let oneOrigin: OneOrigin;
let origin: string;

test.beforeAll(async () => {
  oneOrigin = await startOneOrigin();
  origin = oneOrigin.origin;
});

test.afterAll(async () => {
  await oneOrigin?.stop();
});

/** Every request the page makes, by URL, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

const navigationProtocol = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .nextHopProtocol,
  );

test('the landing comes over HTTP/2, its remote from the same origin', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${origin}/`);
  await expect(page.getByText('Start Linking').first()).toBeVisible();
  // that view is the server's prerender, painted before any script is asked for: the Login link
  // comes with the started shell and the remote's mounted parcel
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await navigationProtocol(page)).toBe('h2');
  const scripts = requests.filter((url) => url.endsWith('.js'));
  expect(scripts.some((url) => url.startsWith(`${origin}/remotes/mfe_public/`))).toBe(true);
  expect(scripts.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
});

test('signed in, the dashboard and its tabs work with every call on the one origin', async ({
  page,
}) => {
  await signIn(page);
  await carrySession(page, origin);

  const requests = recordRequests(page);
  await page.goto(`${origin}/dashboard`);
  await expect(
    page.getByText('Link your Roblox account to verify in your Discord servers.'),
  ).toBeVisible();
  expect(await navigationProtocol(page)).toBe('h2');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();

  expect(requests.some((url) => url.startsWith(`${origin}/remotes/mfe_accounts/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin}/remotes/mfe_servers/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin}/_api/`))).toBe(true);
  // nothing from the plain stack's origins: scripts, manifests and calls all ride the one origin
  expect(toPlainOrigins(requests)).toEqual([]);
});

test.describe('a remote that cannot load, on the one origin', () => {
  // Whatever happened in the test, mfe_servers is served again for the tests after it.
  test.afterEach(() => ensureServiceProcess('mfe_servers'));

  test('its region alone shows the fallback (the ingress answers 502), and Try again recovers', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/502|mfe_servers|RUNTIME-00/);
    await signIn(page);
    await carrySession(page, origin);
    await stopServiceProcess('mfe_servers');
    await page.goto(`${origin}/dashboard`);
    await expect(
      page.getByText('Link your Roblox account to verify in your Discord servers.'),
    ).toBeVisible();

    await expectServersFallbackThenRecovery(page);
    await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
  });
});
