import type { Browser, Page } from '@playwright/test';
import { API, EMULATOR, expect, signIn, test } from '../support/fixtures';
import { OBBY_LOUNGE, useFreshEmulator } from '../support/console';

/**
 * The trust issue's attacks replayed in real browsers (docs/security.md): an OAuth URL started in
 * one browser and finished in another changes nothing. Each "browser" is its own context.
 */
const OTHER_BROWSER = 'This link was started in another browser. Please try again.';

useFreshEmulator();

async function signedInBrowser(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  return { context, page, headers: { Authorization: `Bearer ${token}` } };
}

/** GET an API route from the page's own browser (its cookies come and go like the app's). */
async function apiGet(page: Page, headers: Record<string, string>, path: string) {
  const response = await page.request.get(`${API}${path}`, { headers });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test('a Roblox link URL finished by another signed-in browser links nothing', async ({
  browser,
}) => {
  const attacker = await signedInBrowser(browser, 'riley_mod');
  const victim = await signedInBrowser(browser, 'alex_builds');
  for (const side of [attacker, victim]) {
    for (const account of (await apiGet(
      side.page,
      side.headers,
      '/api/v1/dashboard/user/linked-accounts',
    )) as unknown as { id: string }[]) {
      await side.page.request.delete(`${API}/api/v1/dashboard/user/linked-account/${account.id}`, {
        headers: side.headers,
      });
    }
  }
  const { auth_url } = await apiGet(attacker.page, attacker.headers, '/roblox/auth-url');

  // The victim opens the attacker's link and approves their own Roblox account on the real page.
  await victim.page.goto(String(auth_url));
  await victim.page.getByRole('button', { name: 'Continue as ObbyFan42' }).click();
  await victim.page.waitForURL('**/roblox/callback**');
  await expect(victim.page.getByText(OTHER_BROWSER)).toBeVisible();

  for (const side of [attacker, victim]) {
    expect(await apiGet(side.page, side.headers, '/api/v1/dashboard/user/linked-accounts')).toEqual(
      [],
    );
  }
  await attacker.context.close();
  await victim.context.close();
});

test('a Discord login callback replayed in another browser signs no one in', async ({
  browser,
}) => {
  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  let callbackUrl = '';
  // The attacker signs in at Discord but keeps the return link instead of following it.
  await attackerPage.route(`${EMULATOR}/**/authorize**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const consent = await route.fetch({ maxRedirects: 0 });
    callbackUrl = consent.headers()['location'] ?? '';
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'kept the link' });
  });
  await attackerPage.goto('/login');
  await attackerPage.getByRole('button', { name: 'Continue with Discord' }).click();
  await attackerPage.waitForURL(`${EMULATOR}/**`);
  await attackerPage.getByRole('button', { name: 'Continue as riley_mod' }).click();
  await expect.poll(() => callbackUrl).toContain('code=');

  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.goto(callbackUrl);
  await expect(victimPage.getByText(OTHER_BROWSER)).toBeVisible();
  expect(await victimPage.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await victimPage.goto('/dashboard');
  await victimPage.waitForURL('**/login**');
  await attacker.close();
  await victim.close();
});

test('an unused bot-invite URL opened in a fresh browser signs no one in', async ({ browser }) => {
  const owner = await signedInBrowser(browser, 'demo_user');
  const { invite_url } = await apiGet(
    owner.page,
    owner.headers,
    `/api/v1/dashboard/bot/invite-url?server_id=${OBBY_LOUNGE}`,
  );

  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto(String(invite_url));
  await page.getByRole('button', { name: 'Authorize' }).click();
  // back from Discord with no session of its own: the dashboard sends it to sign in
  await page.waitForURL('**/login**');
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  await owner.context.close();
  await stranger.close();
});
