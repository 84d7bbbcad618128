import type { APIRequestContext } from '@playwright/test';
import { EMULATOR_CONTROL, expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  DEMO_BUILDERS,
  apiCall,
  emulatorGuild,
  emulatorRoleNames,
  section,
  toasts,
} from '../support/console';
import {
  expectRestrictedInDemoBuilders,
  freshDemoBuilders,
  inOwnBrowser,
  linkRoblox,
  unlinkAll,
  useMemberSpec,
  verifyIn,
  verifyWithNewLink,
  withoutLinks,
} from '../support/member';

/**
 * The ban-evasion guard through the shell, against the API and the emulator's demo seed:
 * quiet_sam verifies in Demo Builders with ObbyFan42, is banned by the server's staff in Discord
 * and unlinks it; alex_builds links ObbyFan42 and verifies. By default he gets his roles and staff
 * are told in the log channel and the audit log; once the owner chooses to restrict, he gets no
 * roles. He is never told whose account it was.
 */
const SAM = '200000000000000003';
const ALEX = '200000000000000002';
/** the demo guilds have no channels of their own: the emulator gives each `general`, its own id */
const GENERAL = DEMO_BUILDERS;
const BAN_MEMBERS = 1n << 2n;

useMemberSpec('alex_builds', (owner) =>
  apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/log-channel`, { channel_id: null }),
);
test.afterAll(async ({ browser }) => {
  await inOwnBrowser(browser, unlinkAll, 'quiet_sam');
});

/** The bot's role in Demo Builders gains Ban Members: it reads the server's bans with it. */
async function letTheBotReadBans(request: APIRequestContext) {
  const guild = await emulatorGuild(request, DEMO_BUILDERS);
  const role = (guild.roles as { id: string; managed?: boolean; permissions?: string }[]).find(
    (r) => r.managed,
  )!;
  const permissions = String(BigInt(role.permissions ?? '0') | BAN_MEMBERS);
  const response = await request.patch(
    `${EMULATOR_CONTROL}/guilds/${DEMO_BUILDERS}/roles/${role.id}`,
    { data: { permissions } },
  );
  expect(response.ok(), await response.text()).toBe(true);
}

/** The embed titles the bot posted in Demo Builders' general channel. */
async function logTitles(request: APIRequestContext): Promise<string[]> {
  const state = (await (await request.get(`${EMULATOR_CONTROL}/state`)).json()) as {
    discord: {
      guilds: {
        id: string;
        channels: { id: string; messages: { embeds: { title?: string }[] }[] }[];
      }[];
    };
  };
  const channel = state.discord.guilds
    .find((g) => g.id === DEMO_BUILDERS)
    ?.channels.find((c) => c.id === GENERAL);
  return (channel?.messages ?? []).flatMap((m) => m.embeds.map((e) => e.title ?? ''));
}

test('a banned member’s Roblox account used again is flagged to staff; with restrict, the member gets no roles', async ({
  page,
  browser,
  request,
}) => {
  await freshDemoBuilders(request, browser, async (owner) => {
    await letTheBotReadBans(request);
    await apiCall(owner, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/log-channel`, {
      channel_id: GENERAL,
    });
  });

  // quiet_sam verifies with ObbyFan42, is banned in Discord, and unlinks it
  await inOwnBrowser(
    browser,
    async (sam) => {
      await withoutLinks(sam);
      await linkRoblox(sam, 'ObbyFan42');
      await verifyIn(sam, 'ObbyFan42', 'Demo Builders');
      await expect(sam.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
      const banned = await request.put(`${EMULATOR_CONTROL}/guilds/${DEMO_BUILDERS}/bans/${SAM}`, {
        data: { reason: 'raiding' },
      });
      expect(banned.ok(), await banned.text()).toBe(true);
      await unlinkAll(sam);
    },
    'quiet_sam',
  );

  // alex_builds links it and verifies: let in, and staff are told
  await verifyWithNewLink(page, 'alex_builds', 'ObbyFan42');
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
  await expect(page.getByText(/quiet_sam|banned/)).toHaveCount(0);
  await expect
    .poll(() => logTitles(request), { timeout: 15_000 })
    .toContain('Possible ban evasion');
  await inOwnBrowser(browser, async (owner) => {
    const { data } = (await apiCall(owner, 'GET', `/api/v1/server/${DEMO_BUILDERS}/audit`)) as {
      data: { entries: { kind: string; setting?: string; after?: string | null }[] };
    };
    const flagged = data.entries.find((e) => e.setting === 'ban_evasion');
    expect(flagged?.after).toContain(`quiet_sam (${SAM}), banned from this server`);

    // the owner chooses to restrict, in the Restrictions section
    await owner.goto(`/server/edit/${DEMO_BUILDERS}/rules`);
    const restrictions = section(owner, 'Restrictions');
    await restrictions
      .getByRole('radio', { name: /Tell staff and restrict/ })
      .check({ force: true });
    await restrictions.getByRole('button', { name: 'Save Restrictions' }).click();
    await expect(toasts(owner).getByText('Restrictions saved')).toBeVisible();
    await expectNoSeriousViolations(owner, 'restrictions with the ban-evasion guard');
  });

  // verifying again: no roles, and only that the account is not welcome
  await page.goto('/dashboard?tab=accounts');
  await verifyIn(page, 'ObbyFan42', 'Demo Builders');
  await expectRestrictedInDemoBuilders(
    page,
    'Why: this Roblox account was used here by a Discord account that is banned from this server.',
  );
  await expect(page.getByText(/quiet_sam/)).toHaveCount(0);
  // the Verified role given the first time is taken; the seed's own Member role is not RoConnect's
  expect(await emulatorRoleNames(request, DEMO_BUILDERS, ALEX)).not.toContain('Verified');
  await expect(page.getByText('Roles removed: Verified.')).toBeVisible();
});
