import type { Browser, Page } from '@playwright/test';
import { EMULATOR, expect, remoteRegion, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  DEMO_BUILDERS,
  apiCall,
  clearConsoleSettings,
  resetEmulator,
  setUpDemoBuilders,
  toasts,
} from '../support/console';

/**
 * The member's Verify result tells the truth, through the shell against the API and the emulator's
 * demo seed: alex_builds links DemoBuilder (who owns VIP, not Double Coins) and verifies in Demo
 * Builders. With a role bound to Double Coins he gets his roles and is back on the dashboard after
 * 3 s all the same, the role he did not get behind "Why not these roles?"; once his account is
 * blocked, he reads that he cannot get roles there and why, never a success.
 */
const MEMBER = 'alex_builds';
const SHOTS = 'verify-result';
/** DemoBuilder's Roblox id in the emulator's demo seed */
const DEMO_BUILDER_ROBLOX_ID = '1000001';
const NO_RESTRICTIONS = {
  min_account_age_days: null,
  blocked_roblox_user_ids: [],
  blocked_group_ids: [],
  action: 'deny',
};

test.describe.configure({ mode: 'serial' });

/** Every Roblox account the user on `page` linked, unlinked (the API's database outlives a spec). */
async function unlinkAll(page: Page) {
  const { data } = await apiCall(page, 'GET', '/api/v1/dashboard/user/linked-accounts');
  for (const account of data as { id: string }[])
    await apiCall(page, 'DELETE', `/api/v1/dashboard/user/linked-account/${account.id}`);
}

async function asOwner<T>(browser: Browser, run: (owner: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const owner = await context.newPage();
    await signIn(owner, 'demo_user');
    return await run(owner);
  } finally {
    await context.close();
  }
}

const restrictionsPath = `/api/v1/server/${DEMO_BUILDERS}/edit/restrictions`;

/** From the Accounts tab: DemoBuilder's Verify in a Server, Demo Builders, Verify & Update. */
async function verifyInDemoBuilders(page: Page) {
  const card = remoteRegion(page, 'mfe_accounts')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'DemoBuilder' }) });
  await card.getByRole('button', { name: 'Verify in a Server' }).click();
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Demo Builders', exact: true }) })
    .click();
  await page.getByRole('button', { name: 'Verify & Update' }).click();
}

test.afterAll(async ({ browser }) => {
  await asOwner(browser, async (owner) => {
    await clearConsoleSettings(owner);
    await apiCall(owner, 'PUT', restrictionsPath, NO_RESTRICTIONS);
  });
  const context = await browser.newContext();
  try {
    const member = await context.newPage();
    await signIn(member, MEMBER);
    await unlinkAll(member);
  } finally {
    await context.close();
  }
});

test('a member who got roles is back on the dashboard after 3 s even though a bound role was not given', async ({
  page,
  browser,
  request,
}) => {
  await resetEmulator(request);
  await asOwner(browser, async (owner) => {
    await setUpDemoBuilders(owner);
    await apiCall(owner, 'PUT', restrictionsPath, NO_RESTRICTIONS);
    await apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/binds`, {
      binds: [{ kind: 'gamepass', gamepass_id: '50000002', role_name: 'VIP' }],
    });
  });

  await signIn(page, MEMBER);
  await unlinkAll(page);
  await page.reload();
  await remoteRegion(page, 'mfe_accounts')
    .getByRole('button', { name: 'Link Roblox Account' })
    .click();
  await page.waitForURL(`${EMULATOR}/oauth/v1/authorize**`);
  await page.getByRole('button', { name: 'Continue as DemoBuilder' }).click();
  await page.waitForURL('**/dashboard**');

  await verifyInDemoBuilders(page);
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Roles updated' }).locator('+ dd')).toHaveText(
    'Yes (added Verified)',
  );
  await expect(page.locator('dt', { hasText: 'Roles not given' }).locator('+ dd')).toHaveText(
    'VIP',
  );
  const why = page.getByRole('button', { name: 'Why not these roles?' });
  await expect(why).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Returning to the dashboard in 3 seconds...')).toBeVisible();

  // by itself: the role not given does not hold the page
  await page.waitForURL('**/dashboard?tab=accounts', { timeout: 10_000 });
  await expect(
    remoteRegion(page, 'mfe_accounts')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'DemoBuilder' }) })
      .getByText('Verified'),
  ).toBeVisible();
});

test('opening "Why not these roles?" shows why and keeps the member on the page', async ({
  page,
}) => {
  // a controllable clock: the page must still be there well after the 3 s
  await page.clock.install();
  await signIn(page, MEMBER);
  await verifyInDemoBuilders(page);
  // by keyboard, as soon as it is there: the page goes back to the dashboard 3 s after it shows
  const why = page.getByRole('button', { name: 'Why not these roles?' });
  await why.press('Enter');
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Roles you did not get' }).getByRole('listitem'),
  ).toHaveText([/^VIP: the game pass Double Coins is not owned$/]);
  await expectNoSeriousViolations(page, 'verify success with the roles not given open');
  await screenshots(page, SHOTS, 'why-not-these-roles');

  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/verify/);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=accounts$/);
});

test('a restricted member sees the restriction and why, not "Verification Successful!"', async ({
  page,
  browser,
}) => {
  await asOwner(browser, (owner) =>
    apiCall(owner, 'PUT', restrictionsPath, {
      ...NO_RESTRICTIONS,
      blocked_roblox_user_ids: [DEMO_BUILDER_ROBLOX_ID],
    }),
  );
  await page.clock.install();
  await signIn(page, MEMBER);
  await verifyInDemoBuilders(page);

  const title = page.getByRole('heading', {
    level: 1,
    name: 'You cannot get roles in Demo Builders',
  });
  await expect(title).toBeVisible();
  await expect(title).toBeFocused();
  await expect(page.getByText('Why: this Roblox account is blocked in this server.')).toBeVisible();
  await expect(page.getByText('Roles removed: Verified.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toHaveCount(0);
  await expect(toasts(page).getByText('Verification triggered! Check your DMs.')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'verify result of a restricted member');
  await screenshots(page, SHOTS, 'restricted');

  // no redirect: the reason is what they came to read
  await page.clock.runFor(15_000);
  await expect(page).toHaveURL(/\/verify/);
  await expect(title).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=accounts$/);
});
