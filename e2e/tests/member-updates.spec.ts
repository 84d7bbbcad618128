import type { Browser, Page } from '@playwright/test';
import { EMULATOR_CONTROL, expect, signIn, test } from '../support/fixtures';
import {
  apiCall,
  clearConsoleSettings,
  DEMO_BUILDERS,
  demoSeed,
  emulatorGuild,
  resetEmulator,
  useFreshEmulator,
  type DemoSeed,
} from '../support/console';
import { screenshots } from '../support/screenshots';
import { inOwnBrowser, linkRoblox, unlinkAll } from '../support/member';

const DEMO_USER_ID = '200000000000000001';
const ALEX_ID = '200000000000000002';
/** the seed's "Member" role in Demo Builders, made the unverified role here */
const MEMBER_ROLE = '310000000000000003';
const BUILDER_ROLE = '310000000000000002';
/** players who joined Demo Builders and never linked a Roblox account */
const PLAYERS = Array.from({ length: 12 }, (_, i) => ({
  id: `2000000000000001${String(i + 10)}`,
  username: `player_${i + 1}`,
}));
const OWNER = { id: '200000000000000100', username: 'builders_owner' };
/**
 * Who the run updates: demo_user (a manager without the unverified role, linked or not: either
 * way an update that succeeds), alex_builds (linked here) and the twelve players (given the
 * unverified role). The owner already has it and never linked an account: not in the run.
 */
const TOTAL = 2 + PLAYERS.length;
const SHOTS = 'member-updates';

/**
 * The demo seed with a busier Demo Builders: a separate owner, demo_user as an administrator,
 * alex_builds and twelve players. (riley_mod and quiet_sam, whose outcome would depend on what
 * other specs linked, are left out.)
 */
function busyDemoBuilders(): DemoSeed {
  const seed = demoSeed();
  seed.discord.users.push(
    ...[OWNER, ...PLAYERS].map((u) => ({ ...u, global_name: null, avatar: null })),
  );
  const guild = seed.discord.guilds.find((g) => g.id === DEMO_BUILDERS)!;
  Object.assign(guild, { owner_id: OWNER.id });
  guild.members = [
    { user_id: OWNER.id, permissions: '8', nick: null, roles: [MEMBER_ROLE] },
    // "Builder" (above "Member"): demo_user may make "Member" the unverified role
    { user_id: DEMO_USER_ID, permissions: '8', nick: null, roles: [BUILDER_ROLE] },
    { user_id: ALEX_ID, permissions: '104324673', nick: null, roles: [MEMBER_ROLE] },
    ...PLAYERS.map((p) => ({ user_id: p.id, permissions: '0', nick: null, roles: [] })),
  ];
  return seed;
}

/**
 * alex_builds has the DemoBuilder Roblox account linked, and only that one (other specs link
 * others), so Demo Builders has a member to update and the nickname they get is known.
 */
async function linkAlex(browser: Browser): Promise<void> {
  await inOwnBrowser(
    browser,
    async (page) => {
      const kept = await unlinkAll(page, (a) => a.roblox_username === 'DemoBuilder');
      if (kept.length > 0) return;
      await page.goto('/dashboard?tab=accounts');
      await linkRoblox(page, 'DemoBuilder', /Link (Roblox|Another) Account/);
    },
    'alex_builds',
  );
}

useFreshEmulator();

let owner: Page | undefined;
test.afterEach(async ({ request }) => {
  // the demo seed again, for this and every later reset; Demo Builders without an unverified role
  await resetEmulator(request, demoSeed());
  if (owner) await clearConsoleSettings(owner);
  owner = undefined;
});

test('Update all members asks first, shows live progress, then the summary', async ({
  page,
  browser,
}) => {
  await resetEmulator(page.request, busyDemoBuilders());
  await linkAlex(browser);
  await signIn(page, 'demo_user');
  owner = page;
  const setup = `/api/v1/server/${DEMO_BUILDERS}/setup`;
  await apiCall(page, 'POST', `${setup}/nickname`, { nickname_format: 'roblox_username' });
  await apiCall(page, 'POST', `${setup}/verified-role`, { verified_role_name: 'Verified' });
  await apiCall(page, 'POST', `${setup}/group`, { skip: true });
  // members without a linked account get the unverified role: the players are in the run too
  await apiCall(page, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/edit/unverified-role`, {
    unverified_role_id: MEMBER_ROLE,
  });

  await page.goto(`/server/edit/${DEMO_BUILDERS}/members`);
  const section = page.getByRole('region', { name: 'Update all members' });
  await expect(section.getByRole('button', { name: 'Update all members' })).toBeEnabled();

  // Two role changes a second in Demo Builders (Discord's own per-route limit, made smaller): the
  // run takes several seconds, so its progress is there to see. (afterEach's reset puts the
  // emulator's own limits back.)
  const slow = await page.request.put(`${EMULATOR_CONTROL}/rate-limits`, {
    data: { per_route_limit: 2, per_route_reset_after: 1, global_per_second: 50 },
  });
  expect(slow.ok()).toBe(true);

  await section.getByRole('button', { name: 'Update all members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update all members?' });
  await expect(dialog).toContainText('re-apply the roles and nickname of every member');
  // the dialog's preview of what the update would change, once worked out
  await expect(dialog.getByText(/^(Loading the binds|Working out the preview)\.\.\.$/)).toHaveCount(
    0,
  );
  await screenshots(page, SHOTS, 'update-all-confirm', { fullPage: false });
  await dialog.getByRole('button', { name: 'Update all members' }).click();

  // while it runs: the bar and the figures move, out of the real total, with the time left
  const bar = section.getByRole('progressbar', { name: 'Member update progress' });
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(bar).toHaveAttribute('aria-valuemax', String(TOTAL));
  await expect(section.getByRole('button', { name: 'Cancel update' })).toBeVisible();
  const partly = `(${Array.from({ length: TOTAL - 1 }, (_, i) => i + 1).join('|')})`; // 1 … TOTAL - 1
  await expect(bar).toHaveAttribute('aria-valuenow', new RegExp(`^${partly}$`));
  await expect(bar).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^${partly} of ${TOTAL} members$`),
  );
  await expect(
    section.getByText(new RegExp(`^${partly} of ${TOTAL} members updated$`)),
  ).toBeVisible();
  await expect(section.getByText(/^About \d+ seconds? left$/)).toBeVisible();
  await screenshots(page, SHOTS, 'update-all-running', { of: section });

  // then the summary, with the exact counts
  const summary = section.getByRole('status');
  await expect(summary).toContainText('Update finished', { timeout: 30_000 });
  await expect(summary).toContainText(`${TOTAL} members updated.`);
  await expect(summary).not.toContainText('failed');
  await expect(bar).toHaveCount(0);

  // in Discord: Alex got the Verified role and lost the unverified role; every player got the
  // unverified role. (Whether his nickname comes from Roblox depends on whether he verified himself
  // there before, in this worker's database: api/test/features/privacy covers that.)
  const guild = await emulatorGuild(page.request, DEMO_BUILDERS);
  const alex = guild.members.find((m) => m.user_id === ALEX_ID)!;
  expect(alex.role_names).toContain('Verified');
  expect(alex.role_names).not.toContain('Member');
  for (const player of PLAYERS)
    expect(guild.members.find((m) => m.user_id === player.id)?.role_names).toEqual(['Member']);

  // after a reload the page still shows how the last run ended
  await page.reload();
  const after = page.getByRole('region', { name: 'Update all members' }).getByRole('status');
  await expect(after).toContainText('Update finished');
  await expect(after).toContainText(`${TOTAL} members updated.`);
  await screenshots(page, SHOTS, 'update-all-finished', { of: section });
});
