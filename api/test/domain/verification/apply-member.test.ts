/**
 * How applyMemberUpdate writes to Discord: one PATCH of the member's roles and nickname, and
 * when Discord refuses it, the parts apart to say which one was refused.
 */
import { linkedMember } from '../../../src/domain/accounts/linked';
import { getConfig } from '../../../src/domain/config/config-store';
import {
  applyMemberUpdate,
  MEMBER_READ_FRESH_MS,
} from '../../../src/domain/verification/apply-member';
import { memberUpdateFacts } from '../../../src/domain/verification/update-facts';
import { planMemberUpdate } from '../../../src/domain/verification/plan-member-update';
import { useFakeApp } from '../../support/harness';
import { callAs, completeSetup, linkRoblox, loginAs, type Session } from '../../support/fake-login';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE, ROLE_LOW } from '../../support/world';

const t = useFakeApp();
let max: Session;

beforeEach(async () => {
  const olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
  max = await loginAs(t.app, MAX);
  await linkRoblox(t.app, max, PETE);
});

const bot = () => t.app.ctx.integrations.discordBot;
const member = () => t.world.guilds.get(GUILD_A)!.members.get(MAX)!;
const roleId = (name: string) =>
  t.world.guilds.get(GUILD_A)!.roles.find((r) => r.name === name)!.id;

function spies() {
  return {
    edit: jest.spyOn(bot(), 'editMember'),
    add: jest.spyOn(bot(), 'addMemberRole'),
    remove: jest.spyOn(bot(), 'removeMemberRole'),
    nick: jest.spyOn(bot(), 'setMemberNickname'),
  };
}

async function verifyMax() {
  const linked = (await linkedMember(t.app.ctx.db, MAX))!;
  return callAs(t.app, max, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: linked.account.id,
  });
}

describe('applyMemberUpdate', () => {
  it('writes roles and nickname in one PATCH, with a reason for the audit log', async () => {
    member().roles.push(ROLE_LOW); // a role RoConnect does not manage
    const calls = spies();
    const res = await verifyMax();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      roles_added: ['Verified', 'Member'],
      nickname_updated: true,
      nickname: 'PlainPete',
    });
    expect(calls.edit).toHaveBeenCalledTimes(1);
    expect(calls.edit).toHaveBeenCalledWith(
      GUILD_A,
      MAX,
      { roles: [ROLE_LOW, roleId('Verified'), roleId('Member')], nick: 'PlainPete' },
      'RoConnect: verified as PlainPete on Roblox',
    );
    expect(calls.add).not.toHaveBeenCalled();
    expect(calls.remove).not.toHaveBeenCalled();
    expect(calls.nick).not.toHaveBeenCalled();
    expect(member()).toMatchObject({ nick: 'PlainPete' });
  });

  it('swaps a rank role in the same one PATCH, and writes nothing when nothing changes', async () => {
    await verifyMax();
    t.world.groups.get(GROUP)!.members.set(PETE, 50);
    const calls = spies();
    const res = (await verifyMax()).json().data;
    expect(res).toMatchObject({ roles_added: ['Officer'], roles_removed: ['Member'] });
    expect(calls.edit).toHaveBeenCalledTimes(1);
    expect(calls.edit.mock.calls[0]![2]).toEqual({
      roles: [roleId('Verified'), roleId('Officer')],
    });
    calls.edit.mockClear();
    await verifyMax();
    expect(calls.edit).not.toHaveBeenCalled();
  });

  it.each([
    ['an update run (no read time)', undefined],
    ['a read older than MEMBER_READ_FRESH_MS', -MEMBER_READ_FRESH_MS - 1_000],
  ])("keeps roles staff changed after the member's roles were read: %s", async (_, readAgo) => {
    const ctx = t.app.ctx;
    const linked = (await linkedMember(ctx.db, MAX))!;
    const stale = { user_id: MAX, nick: null, roles: [] as string[] };
    const facts = await memberUpdateFacts(ctx, {
      guild: { id: GUILD_A, name: 'Bot Guild', ownerDiscordId: OLIVIA },
      config: (await getConfig(ctx.db, GUILD_A))!,
      user: linked.user,
      account: linked.account,
      member: stale,
      ...(readAgo !== undefined && { memberReadAt: Date.now() + readAgo }),
      notify: false,
      source: 'update_all',
      actorUserId: null,
    });
    const plan = planMemberUpdate(facts);
    // meanwhile a moderator gives the member a role
    member().roles.push(ROLE_LOW);
    await applyMemberUpdate(ctx, plan);
    expect([...member().roles].sort()).toEqual(
      [ROLE_LOW, roleId('Verified'), roleId('Member')].sort(),
    );
  });

  it('takes the roles of a read made a moment before: a verify reads the member once', async () => {
    member().roles.push(ROLE_LOW);
    const read = jest.spyOn(bot(), 'getMember');
    const calls = spies();
    expect((await verifyMax()).statusCode).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(calls.edit).toHaveBeenCalledWith(
      GUILD_A,
      MAX,
      expect.objectContaining({ roles: [ROLE_LOW, roleId('Verified'), roleId('Member')] }),
      expect.any(String),
    );
  });

  it('gives the roles in a second PATCH when Discord refuses the nickname', async () => {
    t.world.refusedNicknames.add(MAX);
    const calls = spies();
    const res = (await verifyMax()).json().data;
    expect(res).toMatchObject({ roles_added: ['Verified', 'Member'], nickname_updated: false });
    expect(res.warnings).toEqual([
      expect.stringMatching(/^Discord refused to change your nickname/),
    ]);
    expect(calls.edit.mock.calls.map((c) => c[2])).toEqual([
      { roles: [roleId('Verified'), roleId('Member')], nick: 'PlainPete' },
      { roles: [roleId('Verified'), roleId('Member')] },
    ]);
    expect(calls.add).not.toHaveBeenCalled();
    expect(calls.nick).not.toHaveBeenCalled();
  });

  it('names the refused role, giving the others one by one, when Discord refuses the roles', async () => {
    t.world.refusedRoles.add(roleId('Member'));
    const calls = spies();
    const res = (await verifyMax()).json().data;
    expect(res).toMatchObject({ roles_added: ['Verified'], nickname_updated: true });
    expect(res.warnings).toEqual([expect.stringMatching(/refused to change the role "Member"/)]);
    expect(calls.edit).toHaveBeenCalledTimes(2);
    expect(calls.add).toHaveBeenCalledTimes(2);
    expect(calls.nick).toHaveBeenCalledWith(GUILD_A, MAX, 'PlainPete');
    expect(member().roles).toEqual([roleId('Verified')]);
  });
});
