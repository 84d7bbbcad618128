import type { Browser, Page } from '@playwright/test';
import { apiCall, clearConsoleSettings, DEMO_BUILDERS, NO_RESTRICTIONS, toasts } from './console';
import { EMULATOR, expect, remoteRegion, signIn } from './fixtures';

/**
 * The dashboard as a person uses it, from a spec: a second person's browser, the Accounts tab
 * (linking a Roblox account through the emulated consent, verifying it in a server) and the
 * Servers tab.
 */

/** `run` in a browser of its own, signed in as `username` (demo_user, the owner, unless said). */
export async function inOwnBrowser<T>(
  browser: Browser,
  run: (page: Page) => Promise<T>,
  username = 'demo_user',
): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, username);
    return await run(page);
  } finally {
    await context.close();
  }
}

/**
 * After a spec where `member` verified in Demo Builders: the server without binds, unverified
 * role or restrictions (and whatever `alsoAsOwner` puts back), the member without links.
 */
export async function putBackDemoBuilders(
  browser: Browser,
  member: string,
  alsoAsOwner: (owner: Page) => Promise<unknown> = async () => {},
) {
  await inOwnBrowser(browser, async (owner) => {
    await clearConsoleSettings(owner);
    const restrictions = `/api/v1/server/${DEMO_BUILDERS}/edit/restrictions`;
    await apiCall(owner, 'PUT', restrictions, NO_RESTRICTIONS);
    await alsoAsOwner(owner);
  });
  await inOwnBrowser(browser, unlinkAll, member);
}

interface LinkedAccount {
  id: string;
  roblox_username: string;
}

/**
 * Every Roblox account the user on `page` linked, unlinked but those `keep` names (the API's
 * database outlives a spec); returns the ones kept.
 */
export async function unlinkAll(
  page: Page,
  keep: (account: LinkedAccount) => boolean = () => false,
): Promise<LinkedAccount[]> {
  const { data } = await apiCall(page, 'GET', '/api/v1/dashboard/user/linked-accounts');
  const linked = data as LinkedAccount[];
  for (const account of linked.filter((a) => !keep(a)))
    await apiCall(page, 'DELETE', `/api/v1/dashboard/user/linked-account/${account.id}`);
  return linked.filter(keep);
}

export const accountsTab = (page: Page) => remoteRegion(page, 'mfe_accounts');

/** The signed-in user's links all removed, and the Accounts tab saying so. */
export async function withoutLinks(page: Page) {
  await unlinkAll(page);
  await page.reload();
  await expect(
    accountsTab(page).getByRole('heading', { name: 'No Linked Accounts' }),
  ).toBeVisible();
}

/** `username` signed in, with no Roblox account linked, on the Accounts tab that says so. */
export async function signInWithoutLinks(page: Page, username: string) {
  await signIn(page, username);
  await withoutLinks(page);
}

/** A linked account's card on the Accounts tab. */
export function accountCard(page: Page, robloxName: string) {
  return accountsTab(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: robloxName }) });
}

/** Accounts tab → Roblox's (emulated) consent page. */
export async function startLinking(
  page: Page,
  buttonName: string | RegExp = 'Link Roblox Account',
) {
  await accountsTab(page).getByRole('button', { name: buttonName }).click();
  await page.waitForURL(`${EMULATOR}/oauth/v1/authorize**`);
}

/** Accounts tab → the emulated consent as `robloxName` → back with the account's card shown. */
export async function linkRoblox(
  page: Page,
  robloxName: string,
  buttonName: string | RegExp = 'Link Roblox Account',
) {
  await startLinking(page, buttonName);
  await page.getByRole('button', { name: `Continue as ${robloxName}` }).click();
  await page.waitForURL('**/dashboard**');
  await expect(accountCard(page, robloxName)).toBeVisible();
}

/** The radios are cards (label around a visually hidden input): choose one as a person would. */
export async function choose(page: Page, name: string) {
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
  await expect(page.getByRole('radio', { name, exact: true })).toBeChecked();
}

/** From the Accounts tab: the account's Verify in a Server, the server, Verify & Update. */
export async function verifyIn(page: Page, robloxName: string, serverName: string) {
  await accountCard(page, robloxName).getByRole('button', { name: 'Verify in a Server' }).click();
  await choose(page, serverName);
  await page.getByRole('button', { name: 'Verify & Update' }).click();
}

/** A server's card on the Servers tab. */
export function serverCard(page: Page, name: string) {
  return remoteRegion(page, 'mfe_servers')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

export async function openServersTab(page: Page) {
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(remoteRegion(page, 'mfe_servers')).toHaveAttribute('data-remote-status', 'mounted');
  await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
}

/** Sync, so the API's copy of the guilds matches the freshly reset emulator. */
export async function syncServers(page: Page) {
  const tab = remoteRegion(page, 'mfe_servers');
  await tab.getByRole('button', { name: 'Sync Servers' }).click();
  await expect(toasts(page).getByText('Servers synchronized successfully!').last()).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Sync Servers' })).toBeEnabled();
}
