/**
 * The rights of whoever chose kick or ban are read once per run: an update of every member asks
 * Discord for them once a slice, not once a member (docs/security.md, "kick and ban through the
 * bot").
 */
import { sql } from 'drizzle-orm';
import { linkedMember } from '../../../src/domain/accounts/linked';
import { getConfig } from '../../../src/domain/config/config-store';
import { removalRightsCache } from '../../../src/domain/rules/removal-rights';
import { applyMemberUpdate } from '../../../src/domain/verification/apply-member';
import { memberUpdateFacts } from '../../../src/domain/verification/update-facts';
import { planMemberUpdate } from '../../../src/domain/verification/plan-member-update';
import { useFakeApp } from '../../support/harness';
import { completeSetup, linkRoblox, loginAs } from '../../support/fake-login';
import { GUILD_A, MAX, MO, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp();
const BAN_MEMBERS = 1n << 2n;
const STAFF = '130000000000000040';
const SERVER = { id: GUILD_A, ownerDiscordId: OLIVIA };
const guild = () => t.world.guilds.get(GUILD_A)!;
const bot = () => t.app.ctx.integrations.discordBot;
const readsOf = (spy: jest.SpyInstance, who: string) =>
  spy.mock.calls.filter(([, userId]) => userId === who).length;

beforeEach(async () => {
  // Mo bans from a role above everyone the bot can reach (the bot's top is 5)
  guild().roles.push({
    id: STAFF,
    name: 'Staff',
    position: 4,
    managed: false,
    permissions: String(BAN_MEMBERS),
  });
  guild().members.get(MO)!.roles.push(STAFF);
  const olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A);
  await linkRoblox(t.app, await loginAs(t.app, MAX), PETE);
  await t.tdb.database.db.execute(
    sql`UPDATE guild_configs SET blocked_roblox_user_ids = ${JSON.stringify([PETE])}::jsonb,
        restriction_action = 'ban', restriction_chosen_by = ${MO}`,
  );
});

it('reads the chooser once for many members of one run, and again in the next run', async () => {
  const getMember = jest.spyOn(bot(), 'getMember');
  const run = removalRightsCache(t.app.ctx);
  const answers = await Promise.all(Array.from({ length: 8 }, () => run(SERVER, MO)));
  expect(answers.every((r) => r.member && (r.permissions & BAN_MEMBERS) !== 0n)).toBe(true);
  expect(readsOf(getMember, MO)).toBe(1);

  // the next run sees the demotion
  guild().roles.find((r) => r.id === STAFF)!.permissions = '0';
  const next = await removalRightsCache(t.app.ctx)(SERVER, MO);
  expect(next.permissions & BAN_MEMBERS).toBe(0n);
  expect(readsOf(getMember, MO)).toBe(2);
});

it('applyMemberUpdate takes the run’s reading: members of one run cost one read of the chooser', async () => {
  guild().roles.find((r) => r.id === STAFF)!.permissions = '0'; // demoted: nobody is banned
  const ctx = t.app.ctx;
  const linked = (await linkedMember(ctx.db, MAX))!;
  const config = (await getConfig(ctx.db, GUILD_A))!;
  const getMember = jest.spyOn(bot(), 'getMember');
  const removalRights = removalRightsCache(ctx);
  for (let i = 0; i < 3; i++) {
    const facts = await memberUpdateFacts(ctx, {
      guild: { id: GUILD_A, name: 'Bot Guild', ownerDiscordId: OLIVIA },
      config,
      user: linked.user,
      account: linked.account,
      member: { user_id: MAX, nick: null, roles: [] },
      memberReadAt: Date.now(),
      notify: false,
      source: 'update_all',
      actorUserId: null,
    });
    const result = await applyMemberUpdate(ctx, planMemberUpdate(facts), { removalRights });
    expect(result.warnings).toContain(
      `RoConnect did not ban this member, so they were only denied roles: the person who chose ban (Discord user ${MO}) no longer has Ban Members in this server.`,
    );
  }
  expect(readsOf(getMember, MO)).toBe(1);
  expect(t.world.calls.filter((c) => c.startsWith('ban '))).toEqual([]);
});
