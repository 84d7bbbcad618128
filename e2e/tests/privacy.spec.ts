import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API, expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  apiCall,
  DEMO_BUILDERS,
  emulatorRoleNames,
  section,
  slashCommand,
  toasts,
  useConsoleSpec,
} from '../support/console';
import {
  expectNoLinkedAccounts,
  linkAndVerifyByApi,
  memberOfSetUpDemoBuilders,
  openAccountPage,
  verifiedMemberOfDemoBuilders,
} from '../support/member';

/**
 * The member's privacy page (/account/privacy) through the shell, against the API and the
 * emulator: a server's consent turned off makes /whois keep the member private there; a member
 * downloads their data, deletes their account and is signed out, and the bot takes its role back.
 */
/** Demo seed: quiet_sam is a plain member of Demo Builders ("Member", below the bot's role). */
const MEMBER = { username: 'quiet_sam', discordId: '200000000000000003' };
const OWNER = { username: 'demo_user', discordId: '200000000000000001' };
const ROBLOX_ACCOUNT = 'JustVisiting';
const SHOTS = 'privacy';

const cleanups = useConsoleSpec();

/** What the bot answers when `userId` types /whois member:@target in Demo Builders. */
const whois = (request: APIRequestContext, userId: string, target: string) =>
  slashCommand(request, userId, 'whois', target);

/** The Accounts tab's link to the privacy page. */
const openPrivacyPage = (page: Page) => openAccountPage(page, 'Privacy & data', 'privacy');

test('a member turns Demo Builders off and /whois there answers that they keep it private; turned on, it names the account', async ({
  page,
  browser,
  request,
}) => {
  // after the test, shown again where they verified (and unlinked), as other specs expect quiet_sam
  await verifiedMemberOfDemoBuilders(browser, page, MEMBER.username, ROBLOX_ACCOUNT, cleanups, () =>
    apiCall(page, 'PUT', '/api/v1/dashboard/user/privacy', {
      default_visible: true,
      servers: [{ server_id: DEMO_BUILDERS, visible: true }],
    }),
  );
  expect(await whois(request, OWNER.discordId, MEMBER.discordId)).toContain(ROBLOX_ACCOUNT);

  await openPrivacyPage(page);
  const consent = section(page, 'Who can see your Roblox account');
  const toggle = consent.getByRole('checkbox', { name: 'Show in Demo Builders' });
  await expect(toggle).toBeChecked();
  await expectNoSeriousViolations(page, 'privacy page');
  // the keyboard alone: Tab reaches the toggle, Space turns it off
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toasts(page).getByText('Privacy choice saved')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  const answer = await whois(request, OWNER.discordId, MEMBER.discordId);
  expect(answer).toContain('keeps their Roblox account private in this server');
  expect(answer).not.toContain(ROBLOX_ACCOUNT);

  // the member sees both lookups, the second kept private
  await page.reload();
  const lookups = section(page, 'Who looked you up');
  await expect(lookups.getByRole('listitem')).toHaveCount(2);
  await expect(lookups.getByRole('listitem').first()).toContainText(
    'used /whois on you in Demo Builders (kept private)',
  );
  await expect(toggle).not.toBeChecked();
  await screenshots(page, SHOTS, 'privacy-page');

  await toggle.click();
  await expect(toggle).toBeChecked();
  expect(await whois(request, OWNER.discordId, MEMBER.discordId)).toContain(ROBLOX_ACCOUNT);
});

test('a member downloads their data, deletes their account after typing DELETE, is signed out, and the bot takes its role back', async ({
  page,
  browser,
}) => {
  await memberOfSetUpDemoBuilders(browser, page, MEMBER.username);
  await linkAndVerifyByApi(page, ROBLOX_ACCOUNT);
  expect(await emulatorRoleNames(page.request, DEMO_BUILDERS, MEMBER.discordId)).toContain(
    'Verified',
  );

  await openPrivacyPage(page);
  const downloading = page.waitForEvent('download');
  await section(page, 'Download my data').getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const exported = fs.readFileSync(await download.path(), 'utf8');
  expect(() => JSON.parse(exported)).not.toThrow();
  expect(exported).toContain(ROBLOX_ACCOUNT);
  expect(exported).toContain(DEMO_BUILDERS);

  const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
  await section(page, 'Delete my account')
    .getByRole('button', { name: 'Delete my account' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled();
  await expectNoSeriousViolations(page, 'delete dialog');
  await screenshots(page, SHOTS, 'delete-dialog', { fullPage: false });
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();

  await page.waitForURL((url) => url.pathname === '/');
  await expect(toasts(page).getByText('Your account was deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // the session ended on the API too: the old refresh token is refused
  const refresh = await page.request.post(`${API}/auth/refresh`, {
    data: { refresh_token: refreshToken },
  });
  expect(refresh.status()).toBe(401);
  // the unlink clean-up ran: the bot took back the role it gave
  await expect
    .poll(() => emulatorRoleNames(page.request, DEMO_BUILDERS, MEMBER.discordId))
    .not.toContain('Verified');

  // signing in again starts a new account with nothing linked
  await signIn(page, MEMBER.username);
  await expectNoLinkedAccounts(page);
});
