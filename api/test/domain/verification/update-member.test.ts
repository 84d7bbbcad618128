/**
 * updateMember, the one way a member is updated: what each trigger and asker mean for the audit
 * entry, consent, the DM and the nickname, its refusals, and an update run's removal allowance.
 * Each trigger's own test (next to its feature's tests) proves it goes through this function.
 */
import { eq, sql } from 'drizzle-orm';
import { verifications } from '../../../src/db/schema';
import { findUserByDiscordId, linkedMember } from '../../../src/domain/accounts/linked';
import { getConfig } from '../../../src/domain/config/config-store';
import {
  updateMember,
  type UpdateAsker,
  type UpdateMemberRequest,
  type UpdateTrigger,
} from '../../../src/domain/verification/update-member';
import { completeSetup, linkRoblox, loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GROUP, GUILD_A, MAX, MO, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp();

beforeEach(async () => {
  await completeSetup(t.app, await loginAs(t.app, OLIVIA), GUILD_A, { group_id: GROUP });
  await linkRoblox(t.app, await loginAs(t.app, MAX), PETE);
});

const ctx = () => t.app.ctx;
const guild = () => t.world.guilds.get(GUILD_A)!;

/** Max's update in Bot Guild, as `trigger` asks for it. */
async function requestFor(
  trigger: UpdateTrigger,
  askedBy: UpdateAsker,
  more: Partial<UpdateMemberRequest> = {},
): Promise<UpdateMemberRequest> {
  const linked = (await linkedMember(ctx().db, MAX))!;
  const member = (await ctx().integrations.discordBot.getMember(GUILD_A, MAX))!;
  return {
    trigger,
    askedBy,
    guild: { id: GUILD_A, name: 'Bot Guild', ownerDiscordId: OLIVIA },
    config: (await getConfig(ctx().db, GUILD_A))!,
    user: linked.user,
    account: linked.account,
    member,
    memberReadAt: Date.now(),
    ...more,
  };
}

/** The audit entries of Max's updates, oldest first. */
const auditOfMax = () =>
  ctx()
    .db.select({
      source: verifications.source,
      actor: verifications.actorDiscordId,
      memberAsked: verifications.memberAsked,
      dmSent: verifications.dmSent,
    })
    .from(verifications)
    .where(eq(verifications.memberDiscordId, MAX))
    .orderBy(verifications.createdAt);

describe('updateMember', () => {
  it("the member's own update: audited as theirs, counts as consent, DMs them, and the nickname names the Roblox account", async () => {
    const { result, robloxShown, removalHeld } = await updateMember(
      ctx(),
      await requestFor('website', { kind: 'member' }),
    );
    expect(result).toMatchObject({
      roles_added: ['Verified', 'Member'],
      nickname_updated: true,
      nickname: 'PlainPete',
      dm_sent: true,
    });
    expect({ robloxShown, removalHeld }).toEqual({ robloxShown: true, removalHeld: false });
    expect(await auditOfMax()).toEqual([
      { source: 'website', actor: MAX, memberAsked: true, dmSent: true },
    ]);
    expect(guild().members.get(MAX)).toMatchObject({ nick: 'PlainPete' });
    expect(t.world.dms.map((dm) => dm.userId)).toEqual([MAX]);
  });

  it("a moderator's update: audited with the moderator, no consent, no DM, and no nickname from an account the member has not shown here", async () => {
    await loginAs(t.app, MO);
    const mo = (await findUserByDiscordId(ctx().db, MO))!;
    const { result, robloxShown } = await updateMember(
      ctx(),
      await requestFor('update_command', { kind: 'moderator', userId: mo.id }),
    );
    expect(result).toMatchObject({ roles_added: ['Verified', 'Member'], nickname_updated: false });
    expect(result.warnings).toContain(
      'Your nickname was left as it is: your Roblox account is not shown in this server (see your privacy settings on the website).',
    );
    expect(robloxShown).toBe(false);
    expect(await auditOfMax()).toEqual([
      { source: 'staff', actor: MO, memberAsked: false, dmSent: false },
    ]);
    expect(guild().members.get(MAX)!.nick).toBeNull();
    expect(t.world.dms).toEqual([]);
  });

  it.each<[UpdateTrigger, UpdateAsker, { source: string; actor: string | null; dm: boolean }]>([
    ['verify_command', { kind: 'member' }, { source: 'discord', actor: MAX, dm: true }],
    ['verify_button', { kind: 'member' }, { source: 'discord', actor: MAX, dm: true }],
    ['join', { kind: 'bot' }, { source: 'discord', actor: null, dm: true }],
    [
      'update_run',
      { kind: 'update_run', runId: 'run-1' },
      { source: 'update_all', actor: null, dm: false },
    ],
    ['api', { kind: 'api_key', keyId: 'key-1' }, { source: 'api', actor: null, dm: false }],
  ])(
    '%s: audited as its source and asker, a DM only where the member expects one',
    async (trigger, askedBy, want) => {
      const { result } = await updateMember(ctx(), await requestFor(trigger, askedBy));
      expect(result.roles_added).toEqual(['Verified', 'Member']);
      expect(await auditOfMax()).toEqual([
        {
          source: want.source,
          actor: want.actor,
          memberAsked: askedBy.kind === 'member',
          dmSent: want.dm,
        },
      ]);
      expect(t.world.dms.length).toBe(want.dm ? 1 : 0);
    },
  );

  it('refuses a trigger spoken for by another kind of asker, before anything is read or written: nobody else may claim the member asked', async () => {
    const before = [...guild().members.get(MAX)!.roles];
    const request = await requestFor('join', { kind: 'member' });
    const calls = t.world.calls.length;
    await expect(updateMember(ctx(), request)).rejects.toThrow(
      'A join update is asked for by bot, not member.',
    );
    expect(t.world.calls.slice(calls)).toEqual([]);
    expect(guild().members.get(MAX)!.roles).toEqual(before);
    expect(await auditOfMax()).toEqual([]);
  });

  it('refuses a server whose setup is not complete', async () => {
    const request = await requestFor('website', { kind: 'member' });
    await expect(
      updateMember(ctx(), { ...request, config: { ...request.config, setupCompleted: false } }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'setup_incomplete' });
    expect(await auditOfMax()).toEqual([]);
  });

  describe("an update run's kicks (the owner chose kick for blocked accounts)", () => {
    beforeEach(async () => {
      await t.tdb.database.db.execute(
        sql`UPDATE guild_configs SET blocked_roblox_user_ids = ${JSON.stringify([PETE])}::jsonb,
            restriction_action = 'kick', restriction_chosen_by = ${OLIVIA}`,
      );
    });
    const run = (mayRemove: () => Promise<boolean>) =>
      requestFor('update_run', { kind: 'update_run', runId: 'run-1' }, { mayRemove });

    it('past the allowance the member is only denied, and the run is told to hold them', async () => {
      const asked: string[] = [];
      const { result, removalHeld } = await updateMember(
        ctx(),
        await run(async () => {
          asked.push('kick');
          return false;
        }),
      );
      expect(asked).toEqual(['kick']);
      expect(removalHeld).toBe(true);
      expect(result.restricted).toBe('this Roblox account is blocked in this server');
      expect(result.warnings).toContainEqual(
        expect.stringMatching(
          /^RoConnect did not kick this member yet, so they were only denied roles/,
        ),
      );
      expect(t.world.calls.filter((c) => c.startsWith('kick '))).toEqual([]);
      expect(guild().members.has(MAX)).toBe(true);
    });

    it('within the allowance the member is kicked', async () => {
      const { removalHeld } = await updateMember(ctx(), await run(async () => true));
      expect(removalHeld).toBe(false);
      expect(t.world.calls).toContain(`kick ${GUILD_A} ${MAX}`);
      expect(guild().members.has(MAX)).toBe(false);
    });
  });
});
