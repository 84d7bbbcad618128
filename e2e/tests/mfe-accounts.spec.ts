import type { APIRequestContext } from '@playwright/test';
import { EMULATOR_CONTROL, expect, test } from '../support/fixtures';
import { STACK } from '../support/stack';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  addEmulatorFaults,
  DEMO_BUILDERS,
  MISSING_PERMISSIONS,
  runSetupWizard,
  useFreshEmulator,
} from '../support/console';
import {
  accountCard,
  accountsTab,
  choose,
  expectNoLinkedAccounts,
  inOwnBrowser,
  linkRoblox,
  signInWithoutLinks,
  startLinking,
  verifyIn,
  withoutLinks,
} from '../support/member';

/**
 * mfe_accounts through the shell against the running API and emulator: linking a Roblox account
 * through the emulator's consent page, verifying it in a server, the failure paths, unlinking.
 */
// demo_user owns Demo Builders (and Discord never lets a bot rename an owner), so a plain member
// verifies there: alex_builds, whose highest role sits below the bot's.
const MEMBER = { username: 'alex_builds', discordId: '200000000000000002' };
const SHOTS = 'mfe-accounts';

useFreshEmulator();

async function emulatorState(request: APIRequestContext) {
  return (await (await request.get(`${EMULATOR_CONTROL}/state`)).json()) as {
    discord: {
      guilds: {
        id: string;
        members: { user_id: string; nick: string | null; role_names: string[] }[];
      }[];
      dms: { recipient_id: string; content: string }[];
    };
  };
}

test('link a Roblox account, verify it in a server, and see it Verified', async ({
  page,
  browser,
}) => {
  await inOwnBrowser(browser, runSetupWizard);
  await signInWithoutLinks(page, MEMBER.username);
  await expectNoSeriousViolations(page, 'accounts tab, empty');

  await linkRoblox(page, 'ObbyFan42');
  await expect(page).toHaveURL(/\/dashboard/);
  const card = accountCard(page, 'ObbyFan42');
  await expect(card.getByText('Pending')).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString());
  await expect(card.getByText(`Linked on ${today}`)).toBeVisible();
  await expect(
    accountsTab(page).getByRole('button', { name: 'Link Another Account' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'accounts tab with an account');
  await screenshots(page, SHOTS, 'accounts-tab');

  await card.getByRole('button', { name: 'Verify in a Server' }).click();
  await expect(page).toHaveURL(/\/verify\?account_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify & Update' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'ObbyFan42' })).toBeChecked();
  await choose(page, 'Demo Builders');
  await expectNoSeriousViolations(page, 'verify page');
  await screenshots(page, SHOTS, 'verify-page');

  await page.getByRole('button', { name: 'Verify & Update' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
  await expect(page.getByText('Verification triggered! Check your DMs.')).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Roles updated' }).locator('+ dd')).toHaveText(
    'Yes (added Verified)',
  );
  await expect(page.locator('dt', { hasText: 'Nickname updated' }).locator('+ dd')).toHaveText(
    'Yes (ObbyFan42)',
  );
  await expect(page.locator('dt', { hasText: 'DM sent' }).locator('+ dd')).toHaveText('Yes');

  // back to the Accounts tab by itself after 3 s (no warnings to read)
  await page.waitForURL('**/dashboard?tab=accounts', { timeout: 10_000 });
  await expect(accountCard(page, 'ObbyFan42').getByText('Verified')).toBeVisible();

  const state = await emulatorState(page.request);
  const member = state.discord.guilds
    .find((g) => g.id === DEMO_BUILDERS)!
    .members.find((m) => m.user_id === MEMBER.discordId)!;
  expect(member.role_names).toContain('Verified');
  expect(member.nick).toBe('ObbyFan42');
  expect(
    state.discord.dms.filter((dm) => dm.recipient_id === MEMBER.discordId).map((dm) => dm.content),
  ).toEqual([expect.stringContaining('You are verified in Demo Builders as ObbyFan42')]);
});

test('cancelling the Roblox consent shows the cancelled message', async ({ page }) => {
  await signInWithoutLinks(page, MEMBER.username);
  await startLinking(page, 'Link Roblox Account');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('**/roblox/callback**');
  await expect(page.getByRole('heading', { level: 1, name: 'Roblox Linking Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Roblox authorization was cancelled. You can try linking your account again from the dashboard.',
  );
  await expectNoSeriousViolations(page, 'callback error');
  await screenshots(page, SHOTS, 'callback-cancelled');
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expectNoLinkedAccounts(page);
});

test('a Roblox account already linked to another Discord user says so plainly, with the next step', async ({
  page,
  browser,
}) => {
  await inOwnBrowser(
    browser,
    async (other) => {
      await withoutLinks(other);
      await linkRoblox(other, 'NewPlayer2024');
    },
    'riley_mod',
  );

  await signInWithoutLinks(page, MEMBER.username);
  await startLinking(page, 'Link Roblox Account');
  await page.getByRole('button', { name: 'Continue as NewPlayer2024' }).click();
  await page.waitForURL('**/roblox/callback**');
  await expect(page.getByRole('heading', { name: 'Roblox Linking Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'This Roblox account is already linked to another Discord account. To link it here, first sign in with that Discord account and unlink it from its dashboard.',
  );
});

test('unlink asks first, then removes the account', async ({ page }) => {
  await signInWithoutLinks(page, MEMBER.username);
  await linkRoblox(page, 'JustVisiting');
  const card = accountCard(page, 'JustVisiting');
  // JustVisiting has no headshot: the initial stands in
  await expect(card.getByRole('img', { name: 'JustVisiting' })).toHaveText('J');

  await card.getByRole('button', { name: 'Unlink' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlink Roblox account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoSeriousViolations(page, 'unlink dialog');
  await screenshots(page, SHOTS, 'unlink-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Unlink' }).click();
  await dialog.getByRole('button', { name: 'Unlink account' }).click();
  await expect(page.getByText('Account unlinked successfully!')).toBeVisible();
  await expect(card).toBeHidden();
  await expectNoLinkedAccounts(page);
  await page.reload();
  await expectNoLinkedAccounts(page);
});

test('a verify that Discord refuses shows the server’s message', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // the refused call is a 502 the browser logs
  allowConsoleErrors(/status of 502/);
  await inOwnBrowser(browser, runSetupWizard);
  await signInWithoutLinks(page, MEMBER.username);
  await linkRoblox(page, 'ObbyFan42');
  // the member's one PATCH and the roles alone, then the first role by itself, which names it
  await addEmulatorFaults(page.request, [
    { method: 'PATCH', path: '/members/\\d+$', ...MISSING_PERMISSIONS, count: 2 },
    { method: 'PUT', path: '/members/\\d+/roles/\\d+$', ...MISSING_PERMISSIONS, count: 1 },
  ]);

  await verifyIn(page, 'ObbyFan42', 'Demo Builders');
  const message = page.getByRole('main').getByRole('alert');
  await expect(message).toContainText(
    'Verification failed: Discord refused to change the role "Verified"',
  );
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'verify failure');
  await screenshots(page, SHOTS, 'verify-refused');
});

test.describe('the standalone page (API mocked by MSW)', () => {
  const STANDALONE = `${STACK.remotes.mfe_accounts}/`;

  test('lists the demo accounts in the tab', async ({ page }) => {
    await page.goto(`${STANDALONE}?parcel=AccountsTab`);
    await expect(page.getByRole('heading', { name: 'DemoBuilder' })).toBeVisible();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'DemoAlt' }).getByText('Pending'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'standalone accounts tab');
  });

  test('verifies and shows the success screen with the API’s warning', async ({ page }) => {
    await page.goto(`${STANDALONE}?parcel=Verify&account_id=la-2`);
    await expect(page.getByRole('radio', { name: 'DemoAlt' })).toBeChecked();
    await choose(page, 'Demo Builders Club');
    await page
      .locator('[data-parcel="mfe_accounts/Verify"]')
      .getByRole('button', { name: 'Verify & Update' })
      .click();
    await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
    await expect(
      page.getByText("Discord doesn't let bots change the server owner's nickname."),
    ).toBeVisible();
    // with a warning to read, the screen stays until the user continues
    await expectNoSeriousViolations(page, 'success screen');
    await screenshots(page, SHOTS, 'verify-success');
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    // the harness records the navigation instead of leaving
    await expect(page.getByText('Navigation requested: /dashboard?tab=accounts')).toBeVisible();
  });
});
