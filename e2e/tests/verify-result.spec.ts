import type { Page } from '@playwright/test';
import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import { DEMO_BUILDERS, NO_RESTRICTIONS, apiCall, toasts } from '../support/console';
import {
  expectRestrictedInDemoBuilders,
  expectResultStaysUntilLeft,
  freshDemoBuilders,
  inOwnBrowser,
  useMemberSpec,
  verifyIn,
  verifyWithNewLink,
} from '../support/member';

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

useMemberSpec(MEMBER);

const restrictionsPath = `/api/v1/server/${DEMO_BUILDERS}/edit/restrictions`;

/** From the Accounts tab: DemoBuilder's Verify in a Server, Demo Builders, Verify & Update. */
const verifyInDemoBuilders = (page: Page) => verifyIn(page, 'DemoBuilder', 'Demo Builders');

test('a member who got roles is back on the dashboard after 3 s even though a bound role was not given', async ({
  page,
  browser,
  request,
}) => {
  await freshDemoBuilders(request, browser, (owner) =>
    apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/binds`, {
      binds: [{ kind: 'gamepass', gamepass_id: '50000002', role_name: 'VIP' }],
    }),
  );

  await verifyWithNewLink(page, MEMBER, 'DemoBuilder');
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
  const success = page.getByRole('heading', { name: 'Verification Successful!' });
  await expect(success).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Roles you did not get' }).getByRole('listitem'),
  ).toHaveText([/^VIP: the game pass Double Coins is not owned$/]);
  await expectNoSeriousViolations(page, 'verify success with the roles not given open');
  await screenshots(page, SHOTS, 'why-not-these-roles');

  await expectResultStaysUntilLeft(page, success, 'Continue to Dashboard');
});

test('a restricted member sees the restriction and why, not "Verification Successful!"', async ({
  page,
  browser,
}) => {
  await inOwnBrowser(browser, (owner) =>
    apiCall(owner, 'PUT', restrictionsPath, {
      ...NO_RESTRICTIONS,
      blocked_roblox_user_ids: [DEMO_BUILDER_ROBLOX_ID],
    }),
  );
  await page.clock.install();
  await signIn(page, MEMBER);
  await verifyInDemoBuilders(page);

  const title = await expectRestrictedInDemoBuilders(
    page,
    'Why: this Roblox account is blocked in this server.',
  );
  await expect(title).toBeFocused();
  await expect(page.getByText('Roles removed: Verified.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toHaveCount(0);
  await expect(toasts(page).getByText('Verification triggered! Check your DMs.')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'verify result of a restricted member');
  await screenshots(page, SHOTS, 'restricted');

  // no redirect: the reason is what they came to read
  await expectResultStaysUntilLeft(page, title, 'Back to Dashboard');
});
