import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';
import { API, expect, remoteRegion, SHELL, signIn, test } from '../support/fixtures';
import { BROWSER_API, apiPathOf } from '../support/browserApi';
import { startServiceProcess, stopServiceProcess } from '../support/stack';
import { openServersTab } from '../support/member';
import { useFreshEmulator } from '../support/console';

/**
 * Sessions that last and tabs that agree (docs/product.md › Sessions), against the real API started
 * with an access token that lives ACCESS_TOKEN_TTL seconds, so "after it expires" is a few seconds
 * away. The other spec files keep the API's default; this file puts it back when it is done.
 */
const ACCESS_TOKEN_TTL = 5;
const EXPIRED_BANNER = 'Your Discord session has expired. Please sign in again to continue.';

test.beforeAll(async () => {
  await stopServiceProcess('api');
  await startServiceProcess('api', { accessTokenTtl: ACCESS_TOKEN_TTL });
});
test.afterAll(async () => {
  await stopServiceProcess('api');
  await startServiceProcess('api');
});
useFreshEmulator();

interface StoredTokens {
  access: string | null;
  refresh: string | null;
}
function storedTokens(page: Page): Promise<StoredTokens> {
  return page.evaluate(() => ({
    access: localStorage.getItem('auth_token'),
    refresh: localStorage.getItem('refresh_token'),
  }));
}

function expiryMs(accessToken: string): number {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
  return (payload.exp as number) * 1000;
}

/**
 * Wait, without touching the page, until the access token it stored has expired, and check the
 * API now refuses it: the test goes on from a really expired token.
 */
async function waitForStoredTokenToExpire(
  page: Page,
  request: APIRequestContext,
): Promise<StoredTokens> {
  const tokens = await storedTokens(page);
  expect(tokens.access).toBeTruthy();
  const expiresAt = expiryMs(tokens.access!);
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(ACCESS_TOKEN_TTL * 1000);
  await expect
    .poll(() => Date.now(), { timeout: (ACCESS_TOKEN_TTL + 5) * 1000, intervals: [250] })
    .toBeGreaterThan(expiresAt + 250);
  const me = await request.get(`${API}/auth/me`, {
    headers: { Authorization: `Bearer ${tokens.access}` },
  });
  expect(me.status()).toBe(401);
  return tokens;
}

/** End the session on the API, as a logout on another device would. */
async function endSessionElsewhere(request: APIRequestContext, tokens: StoredTokens) {
  const logout = await request.post(`${API}/auth/logout`, {
    data: { refresh_token: tokens.refresh },
  });
  expect(logout.ok()).toBe(true);
}

/** Every refresh token the browser sends to the API, in order. */
function recordSpentRefreshTokens(context: BrowserContext): string[] {
  const spent: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && request.url() === `${BROWSER_API}/auth/refresh`)
      spent.push((request.postDataJSON() as { refresh_token: string }).refresh_token);
  });
  return spent;
}

const signedIn = (page: Page) => page.getByRole('button', { name: 'Logout' });

/** Signed in on `page`, and a second tab of the same browser on the dashboard: returns it. */
async function signInWithSecondTab(page: Page, context: BrowserContext): Promise<Page> {
  await signIn(page);
  const tabB = await context.newPage();
  await tabB.goto('/dashboard');
  await expect(signedIn(tabB)).toBeVisible();
  return tabB;
}

test('after the access token expires, reloading /dashboard stays signed in', async ({
  page,
  request,
}) => {
  await signIn(page);
  const expired = await waitForStoredTokenToExpire(page, request);

  await page.reload();
  await expect(signedIn(page)).toBeVisible();
  await expect(page.getByRole('banner').getByText('demo_user')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  const renewed = await storedTokens(page);
  expect(renewed.access).not.toBe(expired.access);
  expect(renewed.refresh).not.toBe(expired.refresh);
});

test('after the access token expires, Sync Servers succeeds with its toast', async ({
  page,
  request,
}) => {
  await signIn(page);
  await openServersTab(page);
  const expired = await waitForStoredTokenToExpire(page, request);

  const servers = remoteRegion(page, 'mfe_servers');
  await servers.getByRole('button', { name: 'Sync Servers' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Servers synchronized successfully!'),
  ).toBeVisible();
  await expect(servers.getByRole('heading', { level: 3, name: 'Demo Builders' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  expect((await storedTokens(page)).access).not.toBe(expired.access);
});

test('a call the API answers 401 (the tab’s clock lags) is refreshed and retried once', async ({
  page,
  context,
  request,
  allowConsoleErrors,
}) => {
  // the first, refused answer is a 401 the browser logs
  allowConsoleErrors(/status of 401/);
  await signIn(page);
  await openServersTab(page);
  // This tab's clock stands still, so it cannot see its token expire (a tab that slept, a clock
  // that is wrong): only the API's 401 tells it.
  await page.clock.setFixedTime(Date.now());
  await waitForStoredTokenToExpire(page, request);
  const calls: string[] = [];
  context.on('request', (call) => {
    const path = apiPathOf(call.url());
    if (path) calls.push(`${call.method()} ${path}`);
  });

  await remoteRegion(page, 'mfe_servers').getByRole('button', { name: 'Sync Servers' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Servers synchronized successfully!'),
  ).toBeVisible();
  const syncAndRefresh = calls.filter((call) =>
    /^POST \/(api\/v1\/dashboard\/user\/sync-servers|auth\/refresh)$/.test(call),
  );
  expect(syncAndRefresh).toEqual([
    'POST /api/v1/dashboard/user/sync-servers',
    'POST /auth/refresh',
    'POST /api/v1/dashboard/user/sync-servers',
  ]);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
});

test('two tabs reloading at the same moment after expiry both stay signed in, spending each refresh token once', async ({
  page,
  context,
  request,
}) => {
  const tabB = await signInWithSecondTab(page, context);
  await waitForStoredTokenToExpire(page, request);

  const spent = recordSpentRefreshTokens(context);
  // each dashboard load refreshes first, then reads the accounts: wait for both tabs' accounts
  const dashboardsLoaded = [page, tabB].map((tab) =>
    tab.waitForResponse(
      (answer) =>
        answer.url() === `${BROWSER_API}/api/v1/dashboard/user/linked-accounts` && answer.ok(),
    ),
  );
  await Promise.all([page.reload(), tabB.reload()]);
  await expect(signedIn(page)).toBeVisible();
  await expect(signedIn(tabB)).toBeVisible();
  for (const tab of [page, tabB]) {
    await expect(tab.getByRole('banner').getByText('demo_user')).toBeVisible();
    expect(new URL(tab.url()).pathname).toBe('/dashboard');
  }
  await Promise.all(dashboardsLoaded);
  // the reloads refreshed (each dashboard load does), and no refresh token went out twice
  expect(spent.length).toBeGreaterThanOrEqual(2);
  expect(new Set(spent).size).toBe(spent.length);
});

test('logout in one tab sends the other to /login at once, and ends the session on the API', async ({
  page,
  context,
  request,
}) => {
  const tabB = await signInWithSecondTab(page, context);
  // tab B has finished loading its dashboard (the header shows before the data arrives)
  await expect(remoteRegion(tabB, 'mfe_accounts')).toHaveAttribute('data-remote-status', 'mounted');
  await page.bringToFront();
  const before = await storedTokens(page);

  await signedIn(page).click();
  await expect(page).toHaveURL(`${SHELL}/`);
  await expect(tabB).toHaveURL(/\/login$/);
  await expect(tabB.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
  expect(await storedTokens(tabB)).toEqual({ access: null, refresh: null });

  const reuse = await request.post(`${API}/auth/refresh`, {
    data: { refresh_token: before.refresh },
  });
  expect(reuse.status()).toBe(401);
});

/**
 * Signed in on the Servers tab, Sync Servers pressed, and the session ended on the API as that
 * call leaves: ended any earlier, a read the tab still had to make (its servers' setup, their
 * health) would meet it first and take the page to /login from under the click. The tokens are
 * read then, as the tab may have renewed them since sign-in; `answer` answers the call (the API
 * unless said).
 */
async function syncAsTheSessionEnds(
  page: Page,
  request: APIRequestContext,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
) {
  await signIn(page);
  await openServersTab(page);
  await page.route(`${BROWSER_API}/api/v1/dashboard/user/sync-servers`, async (route) => {
    await endSessionElsewhere(request, await storedTokens(page));
    await answer(route);
  });
  await remoteRegion(page, 'mfe_servers').getByRole('button', { name: 'Sync Servers' }).click();
}

test('a refused refresh (the session ended elsewhere) ends on /login', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // the refused call and the refused refresh are 401s the browser logs
  allowConsoleErrors(/status of 401/);
  await syncAsTheSessionEnds(page, request);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
  await expect(page.getByText(EXPIRED_BANNER)).toHaveCount(0);
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('a refused refresh after the API flags x-token-expired ends on the expired-session banner', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 401/);
  // When Discord refuses to refresh its authorisation, the API ends every session of the user and
  // answers the call 401 with x-token-expired. The emulator's faults answer in Discord's REST
  // shape, never as an OAuth invalid_grant, so this answer is made here: the session really ends
  // on the API, and the real answer gets the flag.
  await syncAsTheSessionEnds(page, request, async (route) => {
    const response = await route.fetch();
    expect(response.status()).toBe(401);
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'x-token-expired': 'true' },
      json: {
        success: false,
        error: 'discord_token_expired',
        message: 'Your Discord authorisation has expired. Please sign in again.',
      },
    });
  });
  await expect(page).toHaveURL(/\/login\?message=discord_token_expired$/);
  await expect(page.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: EXPIRED_BANNER })).toBeVisible();
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null });
});

test('a second tab never takes the first tab’s CSP nonce: its styles survive switching tabs', async ({
  page,
  context,
}) => {
  await signIn(page);
  // Hold tab A's nonce request (if it makes one) until tab B has loaded a page: that is when a
  // browser-wide nonce cookie would already hold B's nonce, not A's.
  let tabBLoaded!: () => void;
  const whenTabBLoaded = new Promise<void>((resolve) => (tabBLoaded = resolve));
  await page.route('**/api/csp-nonce', async (route) => {
    await whenTabBLoaded;
    await route.continue();
  });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  const tabB = await context.newPage();
  await tabB.goto('/privacy');
  await expect(tabB.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  tabBLoaded();

  await page.bringToFront();
  await expect(signedIn(page)).toBeVisible();
  await openServersTab(page);
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await openServersTab(page);

  // styled-components' rules apply: the page background and a remote's button are styled
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 17, 23)');
  await expect(page.locator('body')).toHaveCSS('margin-top', '0px');
  await expect(
    remoteRegion(page, 'mfe_servers').getByRole('button', { name: 'Sync Servers' }),
  ).toHaveCSS('cursor', 'pointer');
  // (the fixture fails the test on any CSP violation in either tab)
});
