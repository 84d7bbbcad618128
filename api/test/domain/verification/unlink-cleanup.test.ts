import { addGuild, addMember } from '../../support/fake-integrations';
import { callAs, completeSetup, linkedAccountsOf, type Session } from '../../support/fake-login';
import {
  consoleWorld,
  EXTRA_ROLE,
  linkedAccountId,
  useConsole,
  verifyAs,
} from '../../support/console';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE, ROLE_LOW, RUBY } from '../../support/world';

const GUILD_D = '120000000000000004'; // a second server Max verifies in
const { t, cast } = useConsole({
  world: () => {
    const w = consoleWorld();
    const d = addGuild(w, { id: GUILD_D, name: 'Second Home', ownerId: OLIVIA, botTop: 5 });
    addMember(d, OLIVIA, '8');
    addMember(d, MAX, '0');
    return w;
  },
  setUp: GUILD_A,
});
beforeEach(async () => {
  await t.app.inject({
    method: 'PUT',
    url: `/api/v1/server/${GUILD_A}/binds`,
    headers: cast.owner.headers,
    payload: { binds: [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW }] },
  });
});

const unlink = (s: Session, id: string, query = '') =>
  callAs(t.app, s, 'DELETE', `/api/v1/dashboard/user/linked-account/${id}${query}`);
const member = (guildId: string, userId = MAX) => t.world.guilds.get(guildId)!.members.get(userId)!;
const names = (guildId: string, userId = MAX) =>
  member(guildId, userId)
    .roles.map((id) => t.world.guilds.get(guildId)!.roles.find((r) => r.id === id)!.name)
    .sort();

describe('DELETE /api/v1/dashboard/user/linked-account/{id}?remove_roles=true', () => {
  it('takes back the roles and nickname the bot gave in each server, and says what it did', async () => {
    await completeSetup(t.app, cast.owner, GUILD_D);
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    await verifyAs(t.app, cast.member, GUILD_D, account);
    member(GUILD_A).roles.push(EXTRA_ROLE); // given by a person, not the bot
    member(GUILD_D).nick = 'my own name'; // changed by the member since
    expect(names(GUILD_A)).toEqual(['Extra', 'Low', 'Verified']);

    const res = await unlink(cast.member, account, '?remove_roles=true');
    expect(res.statusCode).toBe(200);
    const cleanup = res.json().data.cleanup;
    expect(cleanup).toHaveLength(2);
    expect(cleanup).toContainEqual({
      server_id: GUILD_A,
      server_name: 'Bot Guild',
      roles_removed: ['Verified', 'Low'],
      nickname_reset: true,
      warnings: [],
    });
    expect(cleanup).toContainEqual({
      server_id: GUILD_D,
      server_name: 'Second Home',
      roles_removed: ['Verified'],
      nickname_reset: false,
      warnings: [],
    });
    expect(names(GUILD_A)).toEqual(['Extra']);
    expect(member(GUILD_A).nick).toBeNull();
    expect(member(GUILD_D).nick).toBe('my own name');
    expect(await linkedAccountsOf(t.app, cast.member)).toEqual([]);
  });

  it('writes each server’s clean-up in one PATCH of the member, keeping roles a person gave', async () => {
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    member(GUILD_A).roles.push(EXTRA_ROLE);
    const bot = t.app.ctx.integrations.discordBot;
    const edit = jest.spyOn(bot, 'editMember');
    const remove = jest.spyOn(bot, 'removeMemberRole');
    const nick = jest.spyOn(bot, 'setMemberNickname');
    expect((await unlink(cast.member, account, '?remove_roles=true')).statusCode).toBe(200);
    expect(edit.mock.calls).toEqual([
      [GUILD_A, MAX, { roles: [EXTRA_ROLE], nick: null }, 'RoConnect: PlainPete was unlinked'],
    ]);
    expect(remove).not.toHaveBeenCalled();
    expect(nick).not.toHaveBeenCalled();
  });

  it('gives the unverified role back', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/server/${GUILD_A}/edit/unverified-role`,
      headers: cast.owner.headers,
      payload: { unverified_role_id: EXTRA_ROLE },
    });
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    await unlink(cast.member, account, '?remove_roles=true');
    expect(names(GUILD_A)).toEqual(['Extra']);
  });

  it('leaves a server alone where the user has since verified with another account', async () => {
    const pete = await linkedAccountId(t.app, cast.member, PETE);
    const ruby = await linkedAccountId(t.app, cast.member, RUBY);
    await verifyAs(t.app, cast.member, GUILD_A, pete);
    await verifyAs(t.app, cast.member, GUILD_A, ruby);
    const res = await unlink(cast.member, pete, '?remove_roles=true');
    expect(res.json().data).toEqual({ cleanup: [] });
    expect(names(GUILD_A)).toEqual(['Verified']);
  });

  it('reports what Discord refused beside what it did, and still unlinks', async () => {
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    t.world.refusedNicknames.add(MAX);
    const res = await unlink(cast.member, account, '?remove_roles=true');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cleanup[0]).toMatchObject({
      roles_removed: ['Verified', 'Low'],
      nickname_reset: false,
      warnings: [expect.stringMatching(/^Discord refused to reset your nickname/)],
    });
    t.world.guilds.get(GUILD_A)!.botPresent = false;
    const other = await linkedAccountId(t.app, cast.member, RUBY);
    t.world.guilds.get(GUILD_A)!.botPresent = true;
    await verifyAs(t.app, cast.member, GUILD_A, other);
    t.world.guilds.get(GUILD_A)!.botPresent = false;
    const gone = await unlink(cast.member, other, '?remove_roles=true');
    expect(gone.json().data.cleanup[0].warnings).toEqual([
      'The RoConnect bot is no longer in this server, so nothing was changed.',
    ]);
  });

  it('without the flag unlinks only, as before', async () => {
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    const res = await unlink(cast.member, account);
    expect(res.json()).toEqual({ success: true, data: {} });
    expect(names(GUILD_A)).toEqual(['Low', 'Verified']);
  });

  it('cleans up nothing for another user’s account (404) and refuses a bad flag (400)', async () => {
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    const theirs = await unlink(cast.owner, account, '?remove_roles=true');
    expect(theirs.statusCode).toBe(404);
    expect(names(GUILD_A)).toEqual(['Low', 'Verified']);
    const bad = await unlink(cast.member, account, '?remove_roles=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('querystring.remove_roles must be true or false');
  });

  it('shows where each account is verified (verified_in), newest first', async () => {
    await completeSetup(t.app, cast.owner, GUILD_D);
    const account = await linkedAccountId(t.app, cast.member, PETE);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    await verifyAs(t.app, cast.member, GUILD_D, account);
    await verifyAs(t.app, cast.member, GUILD_A, account);
    const [listed] = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/dashboard/user/linked-accounts',
        headers: cast.member.headers,
      })
    ).json().data;
    expect(listed.verified_in).toEqual([
      { server_id: GUILD_A, server_name: 'Bot Guild', verified_at: expect.any(String) },
      { server_id: GUILD_D, server_name: 'Second Home', verified_at: expect.any(String) },
    ]);
    expect(Date.parse(listed.verified_in[0].verified_at)).toBeGreaterThanOrEqual(
      Date.parse(listed.verified_in[1].verified_at),
    );
  });
});
