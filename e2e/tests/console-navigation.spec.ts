import type { Page } from '@playwright/test';
import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  apiCall,
  consoleNavigation,
  DEMO_BUILDERS,
  demoSeed,
  DESKTOP,
  emulatorGuild,
  OBBY_LOUNGE,
  ownerConsole,
  ownerWithDemoBuildersSetUp,
  resetEmulator,
  setUpDemoBuilders,
  useConsoleSpec,
} from '../support/console';
import { screenshots } from '../support/screenshots';

/**
 * The server console's frame (docs/product.md › Server console) through the shell, against the
 * API and the emulator: each section at its own address, reached by address and by the
 * navigation, none taller than two screens; the server switcher; the phone's section menu.
 */
const SHOTS = 'console';
const GROUP_ID = '4000001';
/** Each section's last address segment, its entry in the navigation and a heading it shows. */
const SECTIONS = [
  { path: '', label: 'Overview', heading: 'Bot health' },
  { path: 'verification', label: 'Verification & nickname', heading: 'Nickname Configuration' },
  { path: 'group', label: 'Group', heading: 'Group Integration' },
  { path: 'binds', label: 'Role binds', heading: 'Role Binds' },
  { path: 'bypass', label: 'Bypass roles', heading: 'Bypass roles' },
  { path: 'rules', label: 'Restrictions', heading: 'Restrictions' },
  { path: 'discord', label: 'Discord', heading: 'When members join' },
  { path: 'members', label: 'Members & updates', heading: 'Update all members' },
  { path: 'audit', label: 'Audit log', heading: 'Audit Log' },
  { path: 'developers', label: 'Developers', heading: 'API keys' },
];
/** at a desktop's size, two screens */
const TWO_SCREENS = 2 * DESKTOP.height;

const cleanups = useConsoleSpec();

const consolePath = (serverId: string, path: string) =>
  `/server/edit/${serverId}${path ? `/${path}` : ''}`;

/** The section as its user reads it: nothing still loading, so its height is its own. */
async function heightWhenLoaded(page: Page): Promise<number> {
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollHeight);
}

/** Demo Builders with its group's three ranks bound, as an owner would have it. */
async function bindThreeRanks(page: Page) {
  const roles = (await emulatorGuild(page.request, DEMO_BUILDERS)).roles;
  const role = (name: string) => roles.find((r) => r.name === name)!.id;
  await apiCall(page, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/binds`, {
    binds: [
      { group_id: GROUP_ID, min_rank: 1, max_rank: 49, role_id: role('Member') },
      { group_id: GROUP_ID, min_rank: 50, max_rank: 254, role_id: role('Builder') },
      { group_id: GROUP_ID, min_rank: 255, max_rank: 255, role_id: role('Verified') },
    ],
  });
}

test('every section has its own address and heading, the navigation reaches each, and none is taller than two screens', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await ownerConsole(page, cleanups);
  await bindThreeRanks(page);

  // the navigation lists every section (sections added later too)
  await page.goto(consolePath(DEMO_BUILDERS, ''));
  const entries = consoleNavigation(page).getByRole('link');
  await expect(entries.first()).toBeVisible();
  const listed = await entries.evaluateAll((links) =>
    links.map((link) => ({ label: link.textContent!, href: link.getAttribute('href')! })),
  );
  expect(listed.map((entry) => entry.label)).toEqual(
    expect.arrayContaining(SECTIONS.map((section) => section.label)),
  );

  // by address: each section's heading, its entry marked, the page no taller than two screens
  for (const { label, href } of listed) {
    const known = SECTIONS.find((section) => section.label === label);
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();
    await expect(
      consoleNavigation(page).getByRole('link', { name: label, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    if (known)
      await expect(
        page.getByRole('heading', { level: 2, name: known.heading, exact: true }),
      ).toBeVisible();
    await expect(page).toHaveTitle(/ · RoConnect$/);
    if (known?.path === 'binds')
      await expect(page.getByRole('group', { name: 'Rank range 3' })).toBeVisible();
    const height = await heightWhenLoaded(page);
    expect(height, `${label} is ${height}px tall`).toBeLessThanOrEqual(TWO_SCREENS);
    await expectNoSeriousViolations(page, `console section ${label}`);
    const name = href.split('/')[4] ?? 'overview';
    await screenshots(page, SHOTS, `section-${name}`);
  }

  // by the navigation: every entry opens its address, in place
  await page.goto(consolePath(DEMO_BUILDERS, ''));
  for (const { label, href } of listed) {
    const entry = consoleNavigation(page).getByRole('link', { name: label, exact: true });
    await entry.click();
    await expect(page).toHaveURL(href);
    await expect(entry).toHaveAttribute('aria-current', 'page');
    await expect(consoleNavigation(page).locator('[aria-current="page"]')).toHaveCount(1);
    const known = SECTIONS.find((section) => section.label === label);
    if (known)
      await expect(
        page.getByRole('heading', { level: 2, name: known.heading, exact: true }),
      ).toBeVisible();
    const height = await heightWhenLoaded(page);
    expect(height, `${label} is ${height}px tall`).toBeLessThanOrEqual(TWO_SCREENS);
  }
  // the shell kept the console mounted: no reload, no second parcel
  await expect(remoteRegion(page, 'mfe_setup')).toHaveCount(1);
});

test('the server switcher opens the same section of another server the owner manages', async ({
  page,
  request,
}) => {
  // the bot in Obby Lounge too, which demo_user may manage
  const seed = demoSeed();
  const obby = seed.discord.guilds.find((guild) => guild.id === OBBY_LOUNGE)!;
  Object.assign(obby, { bot_present: true });
  await resetEmulator(request, seed);
  await ownerWithDemoBuildersSetUp(page);
  // the API learns where the bot is from Discord when the servers are synced
  await apiCall(page, 'POST', '/api/v1/dashboard/user/sync-servers');
  cleanups.push(async () => {
    await resetEmulator(request, demoSeed());
    await apiCall(page, 'POST', '/api/v1/dashboard/user/sync-servers');
  });

  await page.goto(consolePath(DEMO_BUILDERS, 'audit'));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();
  const switcher = page.getByRole('button', { name: 'Switch server' });
  await switcher.click();
  await expect(switcher).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('list', { name: 'Your servers' })
    .getByRole('link', { name: 'Obby Lounge' })
    .click();

  await expect(page).toHaveURL(consolePath(OBBY_LOUNGE, 'audit'));
  await expect(page.getByRole('heading', { level: 1, name: 'Obby Lounge' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Audit Log', exact: true }),
  ).toBeVisible();
  await expect(consoleNavigation(page).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('list', { name: 'Your servers' })).toBeHidden();
  await expectNoSeriousViolations(page, 'console after switching server');

  // and back, with the keyboard: the switcher, Enter, Tab to the server, Enter
  await switcher.focus();
  await page.keyboard.press('Enter');
  const back = page
    .getByRole('list', { name: 'Your servers' })
    .getByRole('link', { name: 'Demo Builders' });
  await page.keyboard.press('Tab');
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(consolePath(DEMO_BUILDERS, 'audit'));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();
});

test('on a phone the sections are a menu that reaches each of them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'demo_user');
  await setUpDemoBuilders(page);
  await page.goto(consolePath(DEMO_BUILDERS, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  const menu = consoleNavigation(page).getByRole('button', { name: 'Section: Overview' });
  await expect(menu).toBeVisible();
  // folded: the entries wait behind the button
  await expect(consoleNavigation(page).getByRole('link', { name: 'Audit log' })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousViolations(page, 'console section menu open');
  await screenshots(page, SHOTS, 'section-menu-open', { widths: [375], height: 740 });
  await consoleNavigation(page).getByRole('link', { name: 'Audit log' }).click();

  await expect(page).toHaveURL(consolePath(DEMO_BUILDERS, 'audit'));
  await expect(
    page.getByRole('heading', { level: 2, name: 'Audit Log', exact: true }),
  ).toBeVisible();
  const folded = consoleNavigation(page).getByRole('button', { name: 'Section: Audit log' });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');

  // with the keyboard: Enter opens it, Tab walks the entries, Enter follows one
  await folded.focus();
  await page.keyboard.press('Enter');
  const developers = consoleNavigation(page).getByRole('link', { name: 'Developers' });
  await expect(developers).toBeVisible();
  await developers.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(consolePath(DEMO_BUILDERS, 'developers'));
  await expect(
    page.getByRole('heading', { level: 2, name: 'API keys', exact: true }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
});
