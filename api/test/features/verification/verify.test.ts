import { useFakeApp } from '../../support/harness';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../support/db';
import {
  callAs,
  completeSetup,
  linkedAccountsOf,
  loginAs,
  type Session,
} from '../../support/fake-login';
import { linkedAccountId } from '../../support/console';
import {
  GROUP,
  GUILD_A,
  GUILD_B,
  GUILD_C,
  MAX,
  MO,
  OLIVIA,
  PETE,
  ROLE_HIGH,
  RUBY,
} from '../../support/world';

const t = useFakeApp();
let olivia: Session;
let max: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  max = await loginAs(t.app, MAX);
});

const verify = (s: Session, payload: unknown) =>
  callAs(t.app, s, 'POST', '/api/v1/dashboard/bot/verify-in-server', payload as object);
const accountOf = (s: Session, robloxId: string) => linkedAccountId(t.app, s, robloxId);
const member = (guildId: string, userId: string) =>
  t.world.guilds.get(guildId)!.members.get(userId)!;
const roleName = (guildId: string, id: string) =>
  t.world.guilds.get(guildId)!.roles.find((r) => r.id === id)?.name;

describe('POST /api/v1/dashboard/bot/verify-in-server', () => {
  it('gives the verified and rank roles, sets the nickname, DMs, marks verified and audits', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP }, 'discord_display_with_roblox');
    const account = await accountOf(max, PETE);
    const res = await verify(max, { server_id: GUILD_A, account_id: account });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      roles_updated: true,
      nickname_updated: true,
      dm_sent: true,
      roles_added: ['Verified', 'Member'],
      roles_removed: [],
      nickname: 'member_max (PlainPete)',
      warnings: [],
      // the wizard's one role per rank: the ranks above Member are not given, and say why
      not_given: [
        {
          role_id: expect.any(String),
          role_name: 'Officer',
          reason: 'rank 1 in Test Group; this role needs 50',
        },
        {
          role_id: expect.any(String),
          role_name: 'Owner',
          reason: 'rank 1 in Test Group; this role needs 255',
        },
      ],
      restricted: null,
      restriction_action: null,
    });
    expect(member(GUILD_A, MAX).roles.map((id) => roleName(GUILD_A, id))).toEqual([
      'Verified',
      'Member',
    ]);
    expect(member(GUILD_A, MAX).nick).toBe('member_max (PlainPete)');
    expect(t.world.dms).toEqual([{ userId: MAX, content: expect.stringContaining('Bot Guild') }]);
    const accounts = await linkedAccountsOf(t.app, max);
    expect(accounts[0]!.verified).toBe(true);
    const audit = await queryRows(
      t.tdb.database,
      sql`SELECT guild_id, dm_sent, roles_added FROM verifications`,
    );
    expect(audit).toEqual([
      { guild_id: GUILD_A, dm_sent: true, roles_added: ['Verified', 'Member'] },
    ]);
  });

  it('swaps rank roles when the rank changed, and reports nothing to do the second time', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
    const account = await accountOf(max, PETE);
    await verify(max, { server_id: GUILD_A, account_id: account });
    t.world.groups.get(GROUP)!.members.set(PETE, 50);
    const second = (await verify(max, { server_id: GUILD_A, account_id: account })).json().data;
    expect(second).toMatchObject({
      roles_added: ['Officer'],
      roles_removed: ['Member'],
      roles_updated: true,
      nickname_updated: false,
    });
    const third = (await verify(max, { server_id: GUILD_A, account_id: account })).json().data;
    expect(third).toMatchObject({ roles_added: [], roles_removed: [], roles_updated: false });
  });

  it('warns instead of renaming the server owner', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const account = await accountOf(olivia, RUBY);
    const res = await verify(olivia, { server_id: GUILD_A, account_id: account });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      nickname_updated: false,
      nickname: 'RankedRuby',
      roles_added: ['Verified'],
    });
    expect(res.json().data.warnings).toEqual([expect.stringMatching(/server owner's nickname/)]);
  });

  it('keeps going with a warning when the member refuses DMs', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    t.world.refusesDm.add(MAX);
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.dm_sent).toBe(false);
    expect(res.json().data.warnings).toEqual([expect.stringMatching(/direct message/)]);
  });

  it('says what was done and what failed when the nickname is refused after the roles were given', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
    t.world.refusedNicknames.add(MAX);
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      roles_updated: true,
      roles_added: ['Verified', 'Member'],
      nickname_updated: false,
      dm_sent: true,
    });
    expect(res.json().data.warnings).toEqual([
      expect.stringMatching(/^Discord refused to change your nickname/),
    ]);
    expect(member(GUILD_A, MAX).roles.map((id) => roleName(GUILD_A, id))).toEqual([
      'Verified',
      'Member',
    ]);
  });

  it('reports a role refused after another was given beside what was given', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
    const memberRole = t.world.guilds.get(GUILD_A)!.roles.find((r) => r.name === 'Member')!;
    t.world.refusedRoles.add(memberRole.id);
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles_added).toEqual(['Verified']);
    expect(res.json().data.warnings).toContainEqual(
      expect.stringMatching(/refused to change the role "Member"/),
    );
  });

  it('does not DM twice when the same verification is repeated', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const account = await accountOf(max, PETE);
    expect(
      (await verify(max, { server_id: GUILD_A, account_id: account })).json().data.dm_sent,
    ).toBe(true);
    const again = (await verify(max, { server_id: GUILD_A, account_id: account })).json().data;
    expect(again).toMatchObject({ dm_sent: false, roles_updated: false, warnings: [] });
    expect(t.world.dms.filter((dm) => dm.userId === MAX)).toHaveLength(1);
  });

  it('never gives a bound role that gained a moderator permission after it was configured', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
    const memberRole = t.world.guilds.get(GUILD_A)!.roles.find((r) => r.name === 'Member')!;
    memberRole.permissions = String(1n << 28n); // Manage Roles
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles_added).toEqual(['Verified']);
    expect(res.json().data.warnings).toContainEqual(
      expect.stringMatching(/"Member" now has the Manage Roles permission/),
    );
    expect(member(GUILD_A, MAX).roles).not.toContain(memberRole.id);
  });

  it('answers 502 with an actionable message when Discord refuses the role (50013)', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const cfg = (await callAs(t.app, olivia, 'GET', `/api/v1/server/${GUILD_A}/config`)).json().data
      .server_config;
    t.world.refusedRoles.add(cfg.verified_role_id);
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, error: 'discord_missing_permissions' });
    expect(res.json().message).toMatch(/role must sit above "Verified"/);
  });

  it('refuses another user’s account (403) and an unknown account (404)', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const oliviasAccount = await accountOf(olivia, RUBY);
    const res = await verify(max, { server_id: GUILD_A, account_id: oliviasAccount });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_your_account');
    const unknown = await verify(max, {
      server_id: GUILD_A,
      account_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a server the caller is not a member of (403) and an unknown server (404)', async () => {
    const account = await accountOf(max, PETE);
    const notMember = await verify(max, { server_id: GUILD_C, account_id: account });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().error).toBe('not_a_member');
    expect(
      (await verify(max, { server_id: '199999999999999999', account_id: account })).statusCode,
    ).toBe(404);
  });

  it('answers 403 when Discord says the caller left the server since the last sync', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    const account = await accountOf(max, PETE);
    t.world.guilds.get(GUILD_A)!.members.delete(MAX);
    expect((await verify(max, { server_id: GUILD_A, account_id: account })).statusCode).toBe(403);
  });

  it('answers 409 when setup is not complete or the bot is missing', async () => {
    const account = await accountOf(olivia, RUBY);
    const incomplete = await verify(olivia, { server_id: GUILD_A, account_id: account });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error).toBe('setup_incomplete');
    const noBot = await verify(olivia, { server_id: GUILD_B, account_id: account });
    expect(noBot.statusCode).toBe(409);
    expect(noBot.json().error).toBe('bot_not_in_server');
  });

  it('never gives a role above the bot even if one was stored', async () => {
    await completeSetup(t.app, olivia, GUILD_A);
    await t.tdb.database.db.execute(
      sql`UPDATE guild_configs SET verified_role_id = ${ROLE_HIGH}, verified_role_name = 'High'`,
    );
    const res = await verify(max, { server_id: GUILD_A, account_id: await accountOf(max, PETE) });
    expect(res.statusCode).toBe(502);
    expect(member(GUILD_A, MAX).roles).toEqual([]);
  });

  it('lets a user verify only with their own login (401 without one)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/bot/verify-in-server',
      payload: { server_id: GUILD_A, account_id: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(MO).toBeDefined();
  });

  it.each([
    [{}, 'body.server_id, body.account_id are required'],
    [{ server_id: GUILD_A }, 'body.account_id is required'],
    [{ server_id: 1, account_id: 'a' }, 'body.server_id must be a string'],
    [
      { server_id: 'guild', account_id: '00000000-0000-4000-8000-000000000000' },
      'body.server_id must be a Discord id (17 to 20 digits)',
    ],
    [
      { server_id: `${'9'.repeat(21)}`, account_id: '00000000-0000-4000-8000-000000000000' },
      'body.server_id must be a Discord id (17 to 20 digits)',
    ],
    [
      { server_id: GUILD_A, account_id: 'x'.repeat(300) },
      'body.account_id must be an account id (UUID)',
    ],
    [
      { server_id: GUILD_A, account_id: '00000000-0000-4000-8000-000000000000', force: true },
      'body.force is not allowed',
    ],
    ['"just a string"', 'body must be an object'],
  ])('answers 400 for %j', async (payload, message) => {
    const res =
      typeof payload === 'string'
        ? await t.app.inject({
            method: 'POST',
            url: '/api/v1/dashboard/bot/verify-in-server',
            headers: { ...max.headers, 'content-type': 'application/json' },
            payload,
          })
        : await verify(max, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'validation_error', message });
  });

  it('answers 400 for junk JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/bot/verify-in-server',
      headers: { ...max.headers, 'content-type': 'application/json' },
      payload: '{server_id:',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('body is not valid JSON');
  });
});
