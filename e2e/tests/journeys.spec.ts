import type { Locator, Page } from '@playwright/test';
import { EMULATOR, expect, remoteRegion, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  accessToken,
  addEmulatorFaults,
  CANNOT_DM,
  DEMO_BUILDERS,
  OBBY_LOUNGE,
  runSetupWizard,
  toasts,
  useFreshEmulator,
} from '../support/console';
import {
  accountCard,
  expectResultStaysUntilLeft,
  inOwnBrowser,
  inviteBotToObbyLounge,
  linkRoblox,
  OBBY_LOUNGE_INVITE,
  openFailedInvite,
  signInWithoutLinks,
  openServersTab,
  openSyncedServersTab,
  serverCard,
  unlinkAll,
  verifyIn,
} from '../support/member';

/**
 * The journeys that cross remotes, through the shell against the API and the emulator's
 * demo seed: demo_user owns Demo Builders (bot present) and manages Obby Lounge (no bot);
 * alex_builds is a plain member of Demo Builders; quiet_sam manages no server.
 *
 * Tests here leave the API's data as the other spec files expect it: Obby Lounge is never set up,
 * and no Roblox account stays linked.
 */
const SHOTS = 'journeys';

useFreshEmulator();

const header = (page: Page) => page.getByRole('banner');

async function expectTab(page: Page, name: 'Accounts' | 'Servers') {
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  const remote = name === 'Accounts' ? 'mfe_accounts' : 'mfe_servers';
  await expect(remoteRegion(page, remote)).toHaveAttribute('data-remote-status', 'mounted');
}

/** True when a click at the centre of `target` would reach it (nothing drawn on top of it). */
async function receivesClicks(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** The text of an empty state (the block around its heading) and whether it draws an SVG. */
async function emptyState(page: Page, heading: string) {
  const root = page.getByRole('heading', { name: heading }).locator('..');
  await expect(root).toBeVisible();
  return root.evaluate((element) => ({
    text: element.textContent ?? '',
    svgIcons: element.querySelectorAll('svg').length,
  }));
}

test.describe('1. back from a bot invite', () => {
  test('Invite Bot → Discord consent → the Servers tab, the toast, and the wizard open for that server', async ({
    page,
  }) => {
    const wizard = await inviteBotToObbyLounge(page);
    await expect(toasts(page).getByText('Bot added to server successfully!')).toBeVisible();
    await expectNoSeriousViolations(page, 'wizard opened after the invite');

    // Not now: the wizard closes and the Servers tab is there, with the bot added.
    await wizard.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(wizard).toBeHidden();
    await expectTab(page, 'Servers');
    const obby = serverCard(page, 'Obby Lounge');
    await expect(obby.getByText('Bot Added')).toBeVisible();
    await expect(obby.getByRole('button', { name: 'Setup Bot' })).toBeVisible();
  });

  test('the API’s return address (bot_added and guild_id on /dashboard) does the same', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/dashboard?bot_added=true&guild_id=${OBBY_LOUNGE}`);
    await expect(page).toHaveURL(/\/dashboard\?tab=servers$/);
    await expect(toasts(page).getByText('Bot added to server successfully!')).toBeVisible();
    await expect(
      page.getByRole('dialog', { name: 'Set up RoConnect in Obby Lounge' }),
    ).toBeVisible();
  });
});

test('2. the tab is in the address: reload, Back to Dashboard and the browser back button keep it', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 502/);
  await signIn(page);
  await expectTab(page, 'Accounts');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=servers$/);
  await page.reload();
  await expectTab(page, 'Servers');

  await page.goBack();
  await expectTab(page, 'Accounts');
  await page.goForward();
  await expectTab(page, 'Servers');

  // the server configuration page (reached from the Servers tab) goes back to Servers
  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=servers$/);
  await expectTab(page, 'Servers');

  // the verify page (reached from the Accounts tab) goes back to Accounts
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify & Update' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=accounts$/);
  await expectTab(page, 'Accounts');

  // a failed invite page goes back to Servers
  await openFailedInvite(page, 'Discord is down.');
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=servers$/);
  await expectTab(page, 'Servers');
});

test('3. a cancelled or failed invite says what happened, on the dashboard, still signed in', async ({
  page,
}) => {
  await signIn(page);
  // Cancel on Discord's own page: the API sends the browser back to the dashboard it came from
  await page.goto(OBBY_LOUNGE_INVITE);
  await page.waitForURL(`${EMULATOR}/**`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=servers$/);
  await expect(
    toasts(page).getByText(
      'The bot was not added to Obby Lounge. The invite was cancelled on Discord.',
    ),
  ).toBeVisible();
  await expectTab(page, 'Servers');
  await expect(page.getByText('Authentication Error')).toHaveCount(0);
  await expect(header(page).getByText('demo_user')).toBeVisible();
  await accessToken(page);

  // no guild id: the sentence still reads; the address's own text is never shown
  await page.goto('/dashboard?bot_error=browser_mismatch');
  await expect(
    toasts(page).getByText(
      'The bot was not added to the server. The invite was started in another browser. Please start it again here.',
    ),
  ).toBeVisible();
  await page.goto(`/dashboard?bot_error=Call%20555-0100&guild_id=${OBBY_LOUNGE}`);
  await expect(
    toasts(page).getByText(
      'The bot was not added to Obby Lounge. Something went wrong. Please try the invite again.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/555/)).toHaveCount(0);
});

test('4. a logout the API does not confirm says so, and still signs out and goes home', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await signIn(page);
  await page.route('**/auth/logout', (route) =>
    route.fulfill({
      status: 500,
      json: { success: false, error: 'internal', message: 'Database unavailable.' },
    }),
  );
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(toasts(page).getByText('Failed to logout. Please try again.')).toBeVisible();
  await expect(toasts(page).getByText('Successfully logged out!')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
});

test('5. the Roblox callback says what happened in fixed words, never the address’s', async ({
  page,
}) => {
  await signIn(page);
  const cases: [string, string][] = [
    [
      'error=account_already_linked&error_description=This%20Roblox%20account%20is%20already%20linked',
      'This Roblox account is already linked to another Discord account. To link it here, first sign in with that Discord account and unlink it from its dashboard.',
    ],
    [
      'error=browser_mismatch&error_description=x',
      'This link was started in another browser. Please try again.',
    ],
    [
      'error=Your_account_is_locked&error_description=Call%20555-0100%20to%20unlock%20it',
      'Roblox authentication failed. Please try linking your account again from the dashboard.',
    ],
  ];
  for (const [query, message] of cases) {
    await page.goto(`/roblox/callback?${query}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Roblox Linking Error' }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(message);
  }
  await expect(page.getByText(/555|locked/)).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Roblox callback error');
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=accounts$/);
});

test('6. with warnings the verify success screen stays until the user continues, and no DM toast without a DM', async ({
  page,
  browser,
}) => {
  await inOwnBrowser(browser, runSetupWizard);
  // A controllable clock: the screen must still be there well after the 3 s redirect.
  await page.clock.install();
  await signIn(page, 'alex_builds');
  await unlinkAll(page);
  try {
    await page.reload();
    await linkRoblox(page, 'DemoBuilder');

    // Discord refuses the DM once: a warning, not a failure.
    await addEmulatorFaults(page.request, [
      { method: 'POST', path: '/channels/\\d+/messages$', ...CANNOT_DM, count: 1 },
    ]);

    await verifyIn(page, 'DemoBuilder', 'Demo Builders');
    const success = page.getByRole('heading', { name: 'Verification Successful!' });
    await expect(success).toBeVisible();
    await expect(page.locator('dt', { hasText: 'DM sent' }).locator('+ dd')).toHaveText('No');
    await expect(page.getByText(/could not send you a direct message/)).toBeVisible();
    await expect(toasts(page).getByText('Verification triggered! Check your DMs.')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'verify success with warnings');

    await expectResultStaysUntilLeft(page, success, 'Continue to Dashboard');
    await expect(accountCard(page, 'DemoBuilder').getByText('Verified')).toBeVisible();
  } finally {
    await unlinkAll(page);
  }
});

test('7. the group step cannot be closed silently while it saves; no answer offers Check status', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_TIMED_OUT|ERR_FAILED/);
  await signIn(page);
  // Demo Builders as if setup had stopped before the group step; the group calls are held or
  // answered here, so the API's data for the server stays as the other specs expect it.
  let setupCompleted = false;
  await page.route(`**/api/v1/server/${DEMO_BUILDERS}/setup`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            success: true,
            data: {
              setup_completed: setupCompleted,
              setup_step: setupCompleted ? null : 'group',
            },
          },
        })
      : route.continue(),
  );
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/server/${DEMO_BUILDERS}/setup/group`, async (route) => {
    await held;
    await route.fulfill({
      json: {
        success: true,
        data: { setup_completed: true, group_id: '4000001', group_name: 'Demo', roles_created: [] },
      },
    });
  });

  await openServersTab(page);
  await serverCard(page, 'Demo Builders').getByRole('button', { name: 'Setup Bot' }).click();
  const wizard = page.getByRole('dialog', { name: 'Set up RoConnect in Demo Builders' });
  await expect(wizard.getByRole('heading', { name: 'Group Integration' })).toBeVisible();
  await wizard.getByRole('textbox', { name: 'Roblox group ID or URL' }).fill('4000001');
  await wizard.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(wizard.getByRole('button', { name: 'Saving...' })).toBeDisabled();

  const question = wizard.getByText(/Setup is still saving/);
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Keep waiting' })).toBeFocused();
  await expectNoSeriousViolations(page, 'close while saving');
  await wizard.getByRole('button', { name: 'Keep waiting' }).click();
  await expect(question).toBeHidden();
  await page.mouse.click(5, 5); // outside the dialog
  await expect(question).toBeVisible();
  await expect(wizard).toBeVisible();

  await wizard.getByRole('button', { name: 'Close anyway' }).click();
  await expect(wizard).toBeHidden();
  // once the walked-away save settles, the dashboard reloads its data
  const reloaded = page.waitForRequest('**/api/v1/dashboard/user/servers');
  release();
  await reloaded;

  // a group call that gets no answer says the roles may still be being created
  await page.unroute(`**/api/v1/server/${DEMO_BUILDERS}/setup/group`);
  await page.route(`**/api/v1/server/${DEMO_BUILDERS}/setup/group`, (route) =>
    route.abort('timedout'),
  );
  await serverCard(page, 'Demo Builders').getByRole('button', { name: 'Setup Bot' }).click();
  await wizard.getByRole('textbox', { name: 'Roblox group ID or URL' }).fill('4000001');
  await wizard.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(wizard.getByText(/The roles may still be being created/)).toBeVisible();
  await expect(toasts(page).getByText('Failed to complete step 3. Please try again.')).toHaveCount(
    0,
  );
  await screenshots(page, SHOTS, 'wizard-no-answer', { fullPage: false });

  setupCompleted = true; // the API finished after all
  await wizard.getByRole('button', { name: 'Check status' }).click();
  await expect(toasts(page).getByText('Step 3 completed successfully!')).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(
    serverCard(page, 'Demo Builders').getByRole('button', { name: 'Edit Bot' }),
  ).toBeVisible();
});

test('8. toasts never cover the header: at 375 px Logout stays clickable while one shows', async ({
  page,
}) => {
  await signIn(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await openSyncedServersTab(page);
    // the newest one (the previous width's may still be showing)
    const toast = toasts(page).getByText('Servers synchronized successfully!').last();
    await expect(toast).toBeVisible();
    for (const control of [
      header(page).getByRole('button', { name: 'Logout' }),
      header(page).getByText('demo_user'),
      header(page).getByRole('link', { name: 'RoConnect home' }),
    ]) {
      expect(await receivesClicks(control), `${width} px`).toBe(true);
    }
    await screenshots(page, SHOTS, 'toast-and-header', {
      widths: [width],
      fullPage: false,
      height: 800,
    });
  }
  // the toast is still up (5 s) when Logout is clicked, and the click goes through at once
  await expect(toasts(page).getByText('Servers synchronized successfully!').last()).toBeVisible();
  await header(page).getByRole('button', { name: 'Logout' }).click({ timeout: 2_000 });
  await expect(toasts(page).getByText('Successfully logged out!')).toBeVisible();
});

test('9. /verify and /server/edit/{id} have the same header: logo, avatar, username, Logout', async ({
  page,
}) => {
  await signIn(page);
  for (const path of ['/verify', `/server/edit/${DEMO_BUILDERS}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const bar = header(page);
    await expect(bar.getByRole('link', { name: 'RoConnect home' })).toBeVisible();
    await expect(bar.getByRole('img', { name: /demo/i })).toBeVisible();
    await expect(bar.getByText('demo_user')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousViolations(page, `${path} with its header`);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshots(page, SHOTS, 'server-edit-header', { fullPage: false, height: 800 });
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(toasts(page).getByText('Successfully logged out!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('10. empty states draw SVG icons, no emoji (no empty boxes without an emoji font)', async ({
  page,
}) => {
  await signInWithoutLinks(page, 'quiet_sam');
  const pictograph = /\p{Extended_Pictographic}/u;
  for (const [where, heading] of [
    ['Accounts tab', 'No Linked Accounts'],
    ['Servers tab', 'No Servers Found'],
    ['verify page', 'No Linked Accounts'],
  ] as const) {
    if (where === 'Servers tab') await openServersTab(page);
    if (where === 'verify page') await page.goto('/verify');
    const state = await emptyState(page, heading);
    expect(state.text, where).not.toMatch(pictograph);
    expect(state.svgIcons, where).toBe(1);
  }
});

test.describe('11. manual-sync and signed-out visits', () => {
  for (const path of ['/verify', `/server/edit/${DEMO_BUILDERS}`]) {
    test(`a signed-out visit to ${path} lands on /login without a stray toast`, async ({
      page,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 401/);
      await page.goto(path);
      await page.waitForURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Counted once, not retried: a stray toast would pass a retrying check by timing out (5 s).
      expect(await toasts(page).locator('[role="alert"], p').allTextContents()).toEqual([]);
    });
  }

  test('a card without the bot offers Check bot status, which re-checks through manual-sync', async ({
    page,
  }) => {
    await signIn(page);
    await openSyncedServersTab(page);
    const obby = serverCard(page, 'Obby Lounge');
    const manualSync = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/dashboard/bot/manual-sync'),
    );
    await obby.getByRole('button', { name: 'Check bot status' }).click();
    await manualSync;
    await expect(toasts(page).getByText('The bot is not in Obby Lounge yet.')).toBeVisible();
    await expect(obby.getByText('No Bot')).toBeVisible();
  });
});
