/**
 * The restrictions' group lock (required_group_ids) and ban-evasion guard (ban_evasion), through
 * the website's Verify over the fake Discord and Roblox: the contract's refusals, the restriction
 * with the group's name, and a banned account's Roblox account used again by another Discord
 * account: flagged to staff (audit log, log channel), denied with `deny`, never named to the member.
 */
import { sql } from 'drizzle-orm';
import { useFakeApp } from '../../support/harness';
import { queryRows } from '../../support/db';
import { until } from '../../support/until';
import { addGroup, giveBotRole } from '../../support/fake-integrations';
import { completeSetup, linkRoblox, loginAs, type Session } from '../../support/fake-login';
import { GROUP, GUILD_A, MAX, MO, OLIVIA, PETE } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
let max: Session;
const A = `/api/v1/server/${GUILD_A}`;
const OTHER_GROUP = '7002';
const guild = () => t.world.guilds.get(GUILD_A)!;

const call = (s: Session, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: object) =>
  t.app.inject({ method, url, headers: s.headers, ...(body ? { payload: body } : {}) });
const restrictions = (extra: object) =>
  call(olivia, 'PUT', `${A}/edit/restrictions`, {
    min_account_age_days: null,
    blocked_roblox_user_ids: [],
    blocked_group_ids: [],
    action: 'deny',
    ...extra,
  });
async function accountOf(s: Session) {
  const list = (await call(s, 'GET', '/api/v1/dashboard/user/linked-accounts')).json().data;
  return list[0].id as string;
}
const verify = async (s: Session) =>
  call(s, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: await accountOf(s),
  });
const settingRows = (setting: string) =>
  queryRows<{ after: string; actor_user_id: string | null }>(
    t.tdb.database,
    sql`SELECT after, actor_user_id FROM setting_changes WHERE setting = ${setting} ORDER BY created_at`,
  );

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  max = await loginAs(t.app, MAX);
  await completeSetup(t.app, olivia, GUILD_A);
  await linkRoblox(t.app, max, PETE);
  addGroup(t.world, OTHER_GROUP, 'Night Watch', [{ id: '70021', name: 'Member', rank: 1 }], {});
});

describe('group lock', () => {
  it('restricts a member in none of the groups, naming the group, and lets a member of one in', async () => {
    const saved = await restrictions({ required_group_ids: [OTHER_GROUP] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.server_config.restrictions.required_group_ids).toEqual([OTHER_GROUP]);

    const reason = 'this server is only for members of the Roblox group Night Watch';
    const denied = (await verify(max)).json().data;
    expect(denied).toMatchObject({ restricted: reason, restriction_action: 'deny' });
    expect(guild().members.get(MAX)?.roles).toEqual([]);
    expect(t.world.dms.at(-1)?.content).toBe(`You cannot verify in Bot Guild: ${reason}.`);

    // in one of two groups is enough
    await restrictions({ required_group_ids: [OTHER_GROUP, GROUP] });
    const let_in = (await verify(max)).json().data;
    expect(let_in.restricted).toBeNull();
    expect(let_in.roles_added).toContain('Verified');
  });

  it('names every group when the lock has several', async () => {
    addGroup(t.world, '7003', 'Day Watch', [{ id: '70031', name: 'Member', rank: 1 }], {});
    await restrictions({ required_group_ids: [OTHER_GROUP, '7003'] });
    expect((await verify(max)).json().data.restricted).toBe(
      'this server is only for members of one of the Roblox groups Night Watch, Day Watch',
    );
  });

  it('keeps the lock and the guard when a body leaves them out, and audits the change', async () => {
    await restrictions({ required_group_ids: [OTHER_GROUP], ban_evasion: 'deny' });
    const kept = await restrictions({});
    expect(kept.json().data.server_config.restrictions).toMatchObject({
      required_group_ids: [OTHER_GROUP],
      ban_evasion: 'deny',
    });
    expect((await settingRows('restrictions')).map((r) => r.after)).toEqual([
      `only members of groups ${OTHER_GROUP}; action deny; ban evasion deny`,
    ]);
    await restrictions({ required_group_ids: [], ban_evasion: 'flag' });
    expect((await settingRows('restrictions')).map((r) => r.after)).toEqual([
      `only members of groups ${OTHER_GROUP}; action deny; ban evasion deny`,
      null,
    ]);
  });

  it.each([
    [
      { required_group_ids: Array.from({ length: 11 }, (_, i) => String(8000 + i)) },
      /required_group_ids/,
    ],
    [{ required_group_ids: ['not-a-group'] }, /required_group_ids/],
    [{ ban_evasion: 'sometimes' }, /ban_evasion/],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const res = await restrictions(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(field) });
  });
});

describe('ban-evasion guard', () => {
  let mo: Session;

  /**
   * Max verifies with Pete's account, is banned (unless `banned` is false), and unlinks it; Mo
   * links it and verifies.
   */
  async function evade(banned = true) {
    await verify(max);
    if (banned) {
      guild().members.delete(MAX);
      t.world.bans.add(`${GUILD_A}:${MAX}`);
    }
    const account = await accountOf(max);
    const unlinked = await call(max, 'DELETE', `/api/v1/dashboard/user/linked-account/${account}`);
    expect(unlinked.statusCode).toBe(200);
    mo = await loginAs(t.app, MO);
    await linkRoblox(t.app, mo, PETE);
    t.world.dms.length = 0;
    return verify(mo);
  }

  beforeEach(() => {
    // Ban Members lets the bot read the server's bans
    giveBotRole(t.world, guild(), String((1n << 2n) | (1n << 28n)));
  });

  it('flags by default: the member gets their roles, staff are told in the audit log and log channel', async () => {
    await call(olivia, 'PUT', `${A}/log-channel`, { channel_id: GUILD_A });
    const result = (await evade()).json().data;
    expect(result.restricted).toBeNull();
    expect(result.roles_added).toContain('Verified');
    const [flag] = await settingRows('ban_evasion');
    expect(flag).toEqual({
      actor_user_id: null,
      after: `mod_mo (${MO}) verified with the Roblox account PlainPete (502) that member_max (${MAX}), banned from this server, verified with here; they were let in; staff may want to look.`,
    });
    // the log channel gets it (its poster gathers entries for a moment)
    const titles = await until(
      'the log channel post',
      () => t.world.posts.flatMap((p) => p.message.embeds ?? []).map((e) => e.title),
      (seen) => seen.includes('Possible ban evasion'),
    );
    expect(titles).toContain('Possible ban evasion');
    // the member is never told whose account it was
    expect(JSON.stringify(result)).not.toContain(MAX);
    expect(JSON.stringify(result)).not.toContain('member_max');
    expect(t.world.dms.map((d) => d.content).join()).not.toMatch(/member_max|banned/);
  });

  it('with deny, gives no roles and tells the member only that the account is not welcome', async () => {
    await restrictions({ ban_evasion: 'deny' });
    const result = (await evade()).json().data;
    expect(result).toMatchObject({
      restricted:
        'this Roblox account was used here by a Discord account that is banned from this server',
      roles_added: [],
    });
    expect(guild().members.get(MO)?.roles).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(MAX);
    expect(t.world.dms.map((d) => d.content).join()).not.toContain('member_max');
    expect((await settingRows('ban_evasion'))[0]!.after).toMatch(/; they were restricted\.$/);
  });

  it('with off, asks Discord nothing and says nothing', async () => {
    await restrictions({ ban_evasion: 'off' });
    t.world.calls.length = 0;
    expect((await evade()).json().data.restricted).toBeNull();
    expect(t.world.calls.filter((c) => c.startsWith('get ban'))).toEqual([]);
    expect(await settingRows('ban_evasion')).toEqual([]);
  });

  it('flags nobody when the other account is not banned', async () => {
    expect((await evade(false)).json().data.restricted).toBeNull();
    expect(t.world.calls).toContain(`get ban ${GUILD_A} ${MAX}`);
    expect(await settingRows('ban_evasion')).toEqual([]);
  });
});
