import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  apiCall,
  clearConsoleSettings,
  type Cleanups,
  DEMO_BUILDERS,
  NO_RESTRICTIONS,
  OBBY_LOUNGE,
  resetEmulator,
  setUpDemoBuilders,
  toasts,
} from './console';
import { EMULATOR, expect, remoteRegion, signIn, test } from './fixtures';

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

/**
 * For a spec whose tests follow one member through Demo Builders in order: they run serially, and
 * Demo Builders and the member are put back after them (putBackDemoBuilders).
 */
export function useMemberSpec(member: string, alsoAsOwner?: (owner: Page) => Promise<unknown>) {
  test.describe.configure({ mode: 'serial' });
  test.afterAll(async ({ browser }) => {
    await putBackDemoBuilders(browser, member, alsoAsOwner);
  });
}

/**
 * The emulator's demo seed afresh and, in the owner's own browser, Demo Builders set up without
 * restrictions; then whatever `alsoAsOwner` does there.
 */
export async function freshDemoBuilders(
  request: APIRequestContext,
  browser: Browser,
  alsoAsOwner: (owner: Page) => Promise<unknown> = async () => {},
) {
  await resetEmulator(request);
  await inOwnBrowser(browser, async (owner) => {
    await setUpDemoBuilders(owner);
    await apiCall(
      owner,
      'PUT',
      `/api/v1/server/${DEMO_BUILDERS}/edit/restrictions`,
      NO_RESTRICTIONS,
    );
    await alsoAsOwner(owner);
  });
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

/** The Accounts tab's empty state: no Roblox account linked, and the invitation to link one. */
export async function expectNoLinkedAccounts(page: Page) {
  const tab = accountsTab(page);
  await expect(tab.getByRole('heading', { name: 'No Linked Accounts' })).toBeVisible();
  await expect(
    tab.getByText('Link your Roblox account to verify in your Discord servers.'),
  ).toBeVisible();
}

/** The signed-in user's links all removed, and the Accounts tab saying so. */
export async function withoutLinks(page: Page) {
  await unlinkAll(page);
  await page.reload();
  await expectNoLinkedAccounts(page);
}

/** `username` signed in, with no Roblox account linked, on the Accounts tab that says so. */
export async function signInWithoutLinks(page: Page, username: string) {
  await signIn(page, username);
  await withoutLinks(page);
}

/** Demo Builders set up by its owner in their own browser; `member` signed in without links. */
export async function memberOfSetUpDemoBuilders(browser: Browser, page: Page, member: string) {
  await inOwnBrowser(browser, setUpDemoBuilders);
  await signInWithoutLinks(page, member);
}

/**
 * Demo Builders set up by its owner; `member` signed in, links `robloxName` and verifies with it
 * there through the API. After the test (`cleanups`, useConsoleSpec) the member's links are
 * removed, once `alsoAfter` has run.
 */
export async function verifiedMemberOfDemoBuilders(
  browser: Browser,
  page: Page,
  member: string,
  robloxName: string,
  cleanups: Cleanups,
  alsoAfter: () => Promise<unknown> = async () => {},
) {
  await memberOfSetUpDemoBuilders(browser, page, member);
  cleanups.push(async () => {
    await alsoAfter();
    await unlinkAll(page);
  });
  await linkAndVerifyByApi(page, robloxName);
}

/** The Accounts tab's link to one of the member's own pages, `/account/<path>`, followed. */
export async function openAccountPage(page: Page, name: string, path: string) {
  await accountsTab(page).getByRole('link', { name }).click();
  await page.waitForURL(`**/account/${path}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
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

/**
 * Accounts tab → the emulated Roblox consent as `robloxName` → back with the account listed; then
 * verified with it in Demo Builders through the API, as the Verify button would.
 */
export async function linkAndVerifyByApi(page: Page, robloxName: string) {
  await linkRoblox(page, robloxName);
  const { data } = await apiCall(page, 'GET', '/api/v1/dashboard/user/linked-accounts');
  const account = (data as LinkedAccount[]).find((a) => a.roblox_username === robloxName);
  expect(account, 'the linked account').toBeTruthy();
  await apiCall(page, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: DEMO_BUILDERS,
    account_id: account!.id,
  });
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

/**
 * `member` signed in without links, links `robloxName` and, from the Accounts tab, verifies with
 * it in Demo Builders.
 */
export async function verifyWithNewLink(page: Page, member: string, robloxName: string) {
  await signInWithoutLinks(page, member);
  await linkRoblox(page, robloxName);
  await verifyIn(page, robloxName, 'Demo Builders');
}

/**
 * The verify page's result with the page's clock installed (`page.clock.install()`): `shown` is
 * still there well after the success screen's 3 s redirect, until the user leaves with `button`
 * for the Accounts tab.
 */
export async function expectResultStaysUntilLeft(
  page: Page,
  shown: Locator,
  button: 'Continue to Dashboard' | 'Back to Dashboard',
) {
  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/verify/);
  await expect(shown).toBeVisible();
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=accounts$/);
}

/**
 * The verify page's answer to a member who may not get roles in Demo Builders: its title (returned)
 * and `why`.
 */
export async function expectRestrictedInDemoBuilders(page: Page, why: string) {
  const title = page.getByRole('heading', {
    level: 1,
    name: 'You cannot get roles in Demo Builders',
  });
  await expect(title).toBeVisible();
  await expect(page.getByText(why)).toBeVisible();
  return title;
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

/** The Servers tab, synced with the emulator. */
export async function openSyncedServersTab(page: Page) {
  await openServersTab(page);
  await syncServers(page);
}

/**
 * demo_user signed in, on the synced Servers tab: Invite Bot on Obby Lounge, Authorize on the
 * emulated Discord consent, and back on the Servers tab, where the setup wizard opens by itself for
 * the server the bot joined. Returns the wizard, on its first step.
 */
export async function inviteBotToObbyLounge(page: Page) {
  await signIn(page);
  await openSyncedServersTab(page);
  await serverCard(page, 'Obby Lounge').getByRole('link', { name: 'Invite Bot' }).click();
  await page.waitForURL(`${EMULATOR}/**`);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(/\/dashboard\?tab=servers$/);
  const wizard = page.getByRole('dialog', { name: 'Set up RoConnect in Obby Lounge' });
  await expect(wizard.getByRole('heading', { name: 'Nickname Configuration' })).toBeVisible();
  return wizard;
}

/** The dashboard's call for a bot invite's Discord address. */
export const INVITE_URL_CALL = '**/api/v1/dashboard/bot/invite-url**';

/**
 * Holds the invite address call so the invite page can be seen before the browser leaves for
 * Discord; returns what lets it go.
 */
export async function holdInviteUrl(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(INVITE_URL_CALL, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The API's answer to the invite address call stubbed: Discord is down (a 502 with `message`). */
export async function failInviteUrl(page: Page, message: string) {
  await page.route(INVITE_URL_CALL, (route) =>
    route.fulfill({
      status: 502,
      json: { success: false, error: 'discord_error', message },
    }),
  );
}

/** Obby Lounge's invite page, by its address. */
export const OBBY_LOUNGE_INVITE = `/invite?server_id=${OBBY_LOUNGE}&server_name=Obby%20Lounge`;

/** Obby Lounge's invite page while Discord is down (failInviteUrl), saying `message`. */
export async function openFailedInvite(page: Page, message: string) {
  await failInviteUrl(page, message);
  await page.goto(OBBY_LOUNGE_INVITE);
}
