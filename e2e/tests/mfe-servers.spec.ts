import { EMULATOR, expect, remoteRegion, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import { OBBY_LOUNGE, useFreshEmulator } from '../support/console';
import {
  INVITE_URL_CALL,
  OBBY_LOUNGE_INVITE,
  openFailedInvite,
  holdInviteUrl,
  openSyncedServersTab,
  serverCard,
  syncServers,
} from '../support/member';

/**
 * The Servers tab and the invite page of mfe_servers, through the shell, against the API and the
 * emulator's demo seed (emulator/seeds/demo.json): demo_user owns Demo Builders (bot present,
 * member_count 128), manages Obby Lounge (no bot, 3 members) and is a plain member of Tycoon
 * Hangout, which is not theirs to manage and so is not listed.
 */
const SCREENSHOTS = 'mfe-servers';

// The invite test adds the bot in the emulator; every test starts from the seed.
useFreshEmulator();

test('Sync Servers lists the seeded servers with their role, member count, badge and action', async ({
  page,
}) => {
  await signIn(page);
  await openSyncedServersTab(page);

  const cards = remoteRegion(page, 'mfe_servers').getByRole('listitem');
  await expect(cards).toHaveCount(2);

  const builders = serverCard(page, 'Demo Builders');
  await expect(builders.getByText('Owner', { exact: true })).toBeVisible();
  await expect(builders.getByText('128 members')).toBeVisible();
  await expect(builders.getByText('Bot Added')).toBeVisible();
  // Setup Bot or Edit Bot: another spec file may have finished this server's setup in the same run.
  await expect(builders.getByRole('button', { name: /^(Setup|Edit) Bot$/ })).toBeVisible();

  const obby = serverCard(page, 'Obby Lounge');
  await expect(obby.getByText('Member', { exact: true })).toBeVisible();
  await expect(obby.getByText('3 members')).toBeVisible();
  await expect(obby.getByText('No Bot')).toBeVisible();
  await expect(obby.getByRole('link', { name: 'Invite Bot' })).toHaveAttribute(
    'href',
    `/invite?server_id=${OBBY_LOUNGE}&server_name=Obby+Lounge`,
  );
  await expect(remoteRegion(page, 'mfe_servers').getByText('Tycoon Hangout')).toHaveCount(0);

  // Cards rise in 0.1 s apart.
  await expect(cards.nth(1)).toHaveCSS('animation-delay', '0.1s');

  await expectNoSeriousViolations(page, 'servers tab', '[data-remote="mfe_servers"]');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(obby).toBeInViewport({ ratio: 0.1 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    await screenshots(page, SCREENSHOTS, 'servers-tab', { widths: [width] });
  }
});

test('cards do not animate when the user prefers reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page);
  await openSyncedServersTab(page);
  const cards = remoteRegion(page, 'mfe_servers').getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toHaveCSS('animation-name', 'none');
  await expect(cards.nth(1)).toHaveCSS('opacity', '1');
});

test('Invite Bot → Discord consent → back on the dashboard with the bot added → Setup Bot opens the wizard', async ({
  page,
}) => {
  await signIn(page);
  await openSyncedServersTab(page);

  // Hold the invite URL call so the toast and the invite page are seen before the browser leaves.
  const release = await holdInviteUrl(page);
  await serverCard(page, 'Obby Lounge').getByRole('link', { name: 'Invite Bot' }).click();
  await expect(page.getByText('Bot invite link opened!')).toBeVisible();
  await expect(page).toHaveURL(`/invite?server_id=${OBBY_LOUNGE}&server_name=Obby+Lounge`);
  await expect(page.getByText('Adding bot to Obby Lounge')).toBeVisible();
  release();

  await page.waitForURL(`${EMULATOR}/**`);
  await expect(page.getByText('Add bot to Obby Lounge')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();

  // Back on the Servers tab, with the wizard open for the server the bot joined.
  await page.waitForURL(/\/dashboard\?tab=servers$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByText('Bot added to server successfully!')).toBeVisible();
  const opened = page.getByRole('dialog', { name: 'Set up RoConnect in Obby Lounge' });
  await expect(opened).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(opened).toHaveCount(0);
  await syncServers(page);

  const obby = serverCard(page, 'Obby Lounge');
  await expect(obby.getByText('Bot Added')).toBeVisible();
  const setup = obby.getByRole('button', { name: 'Setup Bot' });
  await expect(setup).toBeVisible();

  await setup.click();
  const wizard = page.getByRole('dialog');
  await expect(wizard).toBeVisible();
  await expect(wizard).toContainText('Obby Lounge');
  await page.keyboard.press('Escape');
  await expect(wizard).toHaveCount(0);

  await setup.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(setup).toBeVisible();
});

test('the invite page says where it is going; without a server_id it goes to the dashboard', async ({
  page,
}) => {
  await signIn(page);
  const release = await holdInviteUrl(page);
  await page.goto(OBBY_LOUNGE_INVITE);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Redirecting to Discord...' }),
  ).toBeVisible();
  await expect(page.getByText('Adding bot to Obby Lounge')).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, SCREENSHOTS, 'invite-redirecting', { fullPage: false, height: 800 });
  release();
  await page.waitForURL(`${EMULATOR}/**`);
  await expect(page.getByText('Add bot to Obby Lounge')).toBeVisible();

  await page.goto('/invite?server_name=Obby%20Lounge');
  await page.waitForURL(/\/dashboard\?tab=servers$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('the invite page shows a failed invite with Try Again and Back to Dashboard', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 502/);
  await signIn(page);
  // Discord being down is a failure the user can retry.
  await openFailedInvite(page, 'Discord is unavailable right now.');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Could not open Discord' }),
  ).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Discord is unavailable right now.' }),
  ).toBeVisible();
  await expect(page.getByText('Adding bot to Obby Lounge')).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshots(page, SCREENSHOTS, 'invite-failed', { fullPage: false, height: 800 });

  await page.unroute(INVITE_URL_CALL);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL(`${EMULATOR}/**`);
  await expect(page.getByText('Add bot to Obby Lounge')).toBeVisible();
});

test('Back to Dashboard leaves a failed invite page', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 502/);
  await signIn(page);
  await openFailedInvite(page, 'Discord is down.');
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.waitForURL(/\/dashboard\?tab=servers$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
