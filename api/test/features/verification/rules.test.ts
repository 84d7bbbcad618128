/**
 * The richer rules through the website's Verify (the same domain path serves /verify, the Verify
 * button, the gateway and update-all): each bind kind, reasons for roles not given, nickname
 * templates, bypass roles and restrictions, over the fake Discord and Roblox.
 */
import { sql } from 'drizzle-orm';
import { useFakeApp } from '../../support/harness';
import { queryRows } from '../../support/db';
import { giveBotRole } from '../../support/fake-integrations';
import { completeSetup, linkRoblox, loginAs, type Session } from '../../support/fake-login';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE, RUBY } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
let max: Session;
let account: string;
const A = `/api/v1/server/${GUILD_A}`;
const BADGE = '2124000001';
const PASS = '9100001';
const HAT = '1029025';
const KICK_MEMBERS = 1n << 1n;
const BAN_MEMBERS = 1n << 2n;
const MANAGE_SERVER = 1n << 5n;

const guild = () => t.world.guilds.get(GUILD_A)!;
const member = (id = MAX) => guild().members.get(id);
const roleId = (name: string) => guild().roles.find((r) => r.name === name)!.id;
const names = (ids: string[] | undefined) =>
  (ids ?? []).map((id) => guild().roles.find((r) => r.id === id)?.name).sort();
const holding = () => t.world.robloxHoldings.get(PETE)!;

const call = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: s.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
const verify = () =>
  call(max, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: account,
  });
async function putBinds(binds: unknown[]) {
  const res = await call(olivia, 'PUT', `${A}/binds`, { binds });
  if (res.statusCode !== 200) throw new Error(`binds refused: ${res.body}`);
  return res;
}

/** One bind of each kind, each to its own new role. */
const EVERY_KIND = [
  { group_id: GROUP, min_rank: 1, max_rank: 255, role_name: 'Grouped' },
  { kind: 'badge', badge_id: BADGE, role_name: 'Champion' },
  { kind: 'gamepass', gamepass_id: PASS, role_name: 'VIP' },
  { kind: 'asset', asset_id: Number(HAT), role_name: 'Hatted' },
];

beforeEach(async () => {
  t.world.robloxItems.set(`badge:${BADGE}`, 'Obby Champion');
  t.world.robloxItems.set(`gamepass:${PASS}`, 'VIP Pass');
  t.world.robloxItems.set(`asset:${HAT}`, 'Classic Fedora');
  t.world.robloxHoldings.set(PETE, {
    badges: new Set([BADGE]),
    owned: new Set([`gamepass:${PASS}`, `asset:${HAT}`]),
    inventoryPrivate: false,
  });
  olivia = await loginAs(t.app, OLIVIA);
  max = await loginAs(t.app, MAX);
  await completeSetup(t.app, olivia, GUILD_A);
  await linkRoblox(t.app, max, PETE);
  const list = (await call(max, 'GET', '/api/v1/dashboard/user/linked-accounts')).json().data;
  account = list[0].id;
});

describe('bind kinds', () => {
  it('gives each kind’s role when the member meets it, and takes it when they no longer do', async () => {
    const saved = (await putBinds(EVERY_KIND)).json().data;
    expect(saved.binds.map((b: { kind: string }) => b.kind)).toEqual([
      'group',
      'badge',
      'gamepass',
      'asset',
    ]);
    expect(saved.items).toEqual([
      { kind: 'badge', id: BADGE, name: 'Obby Champion' },
      { kind: 'gamepass', id: PASS, name: 'VIP Pass' },
      { kind: 'asset', id: HAT, name: 'Classic Fedora' },
    ]);

    const first = (await verify()).json().data;
    expect(first.roles_added).toEqual(['Verified', 'Grouped', 'Champion', 'VIP', 'Hatted']);
    expect(first.not_given).toEqual([]);
    expect(names(member()?.roles)).toEqual(['Champion', 'Grouped', 'Hatted', 'VIP', 'Verified']);

    t.world.groups.get(GROUP)!.members.delete(PETE);
    t.world.robloxHoldings.set(PETE, {
      badges: new Set(),
      owned: new Set(),
      inventoryPrivate: false,
    });
    const second = (await verify()).json().data;
    expect(second.roles_removed).toEqual(['Grouped', 'Champion', 'VIP', 'Hatted']);
    expect(second.not_given).toEqual([
      {
        role_id: roleId('Grouped'),
        role_name: 'Grouped',
        reason: 'not in Test Group; this role needs rank 1–255',
      },
      {
        role_id: roleId('Champion'),
        role_name: 'Champion',
        reason: 'the badge Obby Champion has not been awarded',
      },
      { role_id: roleId('VIP'), role_name: 'VIP', reason: 'the game pass VIP Pass is not owned' },
      {
        role_id: roleId('Hatted'),
        role_name: 'Hatted',
        reason: 'the catalog item Classic Fedora is not owned',
      },
    ]);
    expect(names(member()?.roles)).toEqual(['Verified']);
  });

  it('says the rank and the range a group role needs', async () => {
    await putBinds([{ group_id: GROUP, min_rank: 100, max_rank: 255, role_name: 'Officers' }]);
    const result = (await verify()).json().data;
    expect(result.not_given).toEqual([
      {
        role_id: roleId('Officers'),
        role_name: 'Officers',
        reason: 'rank 1 in Test Group; this role needs 100–255',
      },
    ]);
  });

  it('takes a private inventory as a reason, asking Roblox once for it', async () => {
    t.world.robloxItems.set('gamepass:9100002', 'Double Coins');
    await putBinds([
      ...EVERY_KIND,
      { kind: 'gamepass', gamepass_id: '9100002', role_name: 'Coins' },
    ]);
    holding().inventoryPrivate = true;
    t.world.calls.length = 0;
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles_added).toEqual(['Verified', 'Grouped', 'Champion']);
    expect(res.json().data.not_given).toEqual([
      { role_id: roleId('VIP'), role_name: 'VIP', reason: 'the inventory is private' },
      { role_id: roleId('Hatted'), role_name: 'Hatted', reason: 'the inventory is private' },
      { role_id: roleId('Coins'), role_name: 'Coins', reason: 'the inventory is private' },
    ]);
    expect(t.world.calls.filter((c) => c.startsWith('owns '))).toHaveLength(1);
  });

  it('refuses an item Roblox does not know, and a field of another kind, naming the bind', async () => {
    const unknown = await call(olivia, 'PUT', `${A}/binds`, {
      binds: [{ kind: 'badge', badge_id: '42', role_name: 'X' }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'item_not_found',
      message: 'body.binds[0].badge_id: Roblox badge 42 does not exist.',
    });
    const mixed = await call(olivia, 'PUT', `${A}/binds`, {
      binds: [{ kind: 'gamepass', gamepass_id: PASS, min_rank: 1, role_name: 'X' }],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toBe('body.binds[0].min_rank does not belong to a gamepass bind.');
    const missing = await call(olivia, 'PUT', `${A}/binds`, {
      binds: [{ kind: 'asset', role_name: 'X' }],
    });
    expect(missing.json().message).toBe('body.binds[0].asset_id is required for a asset bind.');
    expect(guild().roles.some((r) => r.name === 'X')).toBe(false);
  });
});

describe('nickname templates', () => {
  const setTemplate = (nickname_template: string) =>
    call(olivia, 'PUT', `${A}/edit/nickname`, { nickname_template });

  it('fills in every token', async () => {
    await putBinds([{ group_id: GROUP, min_rank: 1, max_rank: 255, role_name: 'Grouped' }]);
    expect((await setTemplate('{display-name}/{roblox-id}/{group-rank}')).statusCode).toBe(200);
    expect((await verify()).json().data.nickname).toBe('Pete/502/Member');
    await setTemplate('{roblox-name}:{discord-username}');
    expect((await verify()).json().data.nickname).toBe('PlainPete:member_max');
    await setTemplate('{discord-name} @ {server-name}');
    expect((await verify()).json().data.nickname).toBe('member_max @ Bot Guild');
    expect(member()?.nick).toBe('member_max @ Bot Guild');
  });

  it('cuts an over-long result safely: the Discord name first, the Roblox name whole', async () => {
    await setTemplate('{discord-name} {discord-username} {server-name} {roblox-name}');
    const nick = (await verify()).json().data.nickname as string;
    expect(nick).toBe('… member_max Bot Guild PlainPete');
    expect(Array.from(nick)).toHaveLength(32);
  });

  it('names the member after the highest-priority matching bind', async () => {
    await putBinds([
      {
        kind: 'badge',
        badge_id: BADGE,
        role_name: 'Champion',
        nickname: '[Champ] {roblox-name}',
        priority: 1,
      },
      {
        kind: 'gamepass',
        gamepass_id: PASS,
        role_name: 'VIP',
        nickname: '[VIP] {roblox-name}',
        priority: 5,
      },
      {
        kind: 'asset',
        asset_id: HAT,
        role_name: 'Hatted',
        nickname: '[Hat] {roblox-name}',
        priority: 5,
      },
    ]);
    expect((await verify()).json().data.nickname).toBe('[VIP] PlainPete');
    holding().owned.delete(`gamepass:${PASS}`);
    expect((await verify()).json().data.nickname).toBe('[Hat] PlainPete');
  });

  it('answers 400 saying which, for an unknown token and for a template that can never fit', async () => {
    const unknown = await setTemplate('{rank} {roblox-name}');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_nickname_template' });
    expect(unknown.json().message).toMatch(
      /^body\.nickname_template names \{rank\}, which is not a token/,
    );
    const long = await setTemplate(`${'x'.repeat(30)} {roblox-name}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      'body.nickname_template can never fit: its fixed text, with the Roblox name at its shortest, is 34 characters and a nickname holds at most 32.',
    );
    const brace = await setTemplate('{roblox-name');
    expect(brace.json().message).toMatch(/has a "\{" without its pair at character 1/);
    const both = await call(olivia, 'PUT', `${A}/edit/nickname`, {
      nickname_format: 'none',
      nickname_template: '{roblox-name}',
    });
    expect(both.statusCode).toBe(400);
    const bind = await call(olivia, 'PUT', `${A}/binds`, {
      binds: [{ kind: 'badge', badge_id: BADGE, role_name: 'C', nickname: '{robloxname}' }],
    });
    expect(bind.statusCode).toBe(400);
    expect(bind.json().message).toMatch(/^body\.binds\[0\]\.nickname names \{robloxname\}/);
  });

  it('stores a template equal to a named format as that format', async () => {
    const res = await setTemplate('{discord-name} ({roblox-name})');
    expect(res.json().data.server_config).toMatchObject({
      nickname_format: 'discord_display_with_roblox',
      nickname_template: null,
    });
    const own = await setTemplate('{roblox-name} ✓');
    expect(own.json().data.server_config).toMatchObject({ nickname_template: '{roblox-name} ✓' });
    const back = await call(olivia, 'PUT', `${A}/edit/nickname`, {
      nickname_format: 'roblox_display',
    });
    expect(back.json().data.server_config).toMatchObject({
      nickname_format: 'roblox_display',
      nickname_template: null,
    });
  });
});

describe('bypass roles', () => {
  const STAFF = '130000000000000009';
  beforeEach(() => {
    guild().roles.push({ id: STAFF, name: 'Staff', position: 3, managed: false, permissions: '0' });
  });

  it('leaves the nickname of a member with a nickname-bypass role', async () => {
    const res = await call(olivia, 'PUT', `${A}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [STAFF],
      role_bypass_role_ids: [],
    });
    expect(res.json().data.server_config.nickname_bypass_role_ids).toEqual([STAFF]);
    member()!.roles.push(STAFF);
    member()!.nick = 'Max the Staff';
    const result = (await verify()).json().data;
    expect(result).toMatchObject({ nickname: null, nickname_updated: false });
    expect(member()!.nick).toBe('Max the Staff');
  });

  it('neither gives nor takes bound roles of a member with a role-bypass role', async () => {
    await putBinds(EVERY_KIND);
    await call(olivia, 'PUT', `${A}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: [STAFF],
    });
    member()!.roles.push(STAFF, roleId('Grouped'));
    t.world.groups.get(GROUP)!.members.delete(PETE); // would lose Grouped
    const result = (await verify()).json().data;
    expect(result.roles_added).toEqual(['Verified']);
    expect(result.roles_removed).toEqual([]);
    expect(result.not_given).toEqual([]);
    expect(result.warnings).toContainEqual(expect.stringMatching(/you have the role "Staff"/));
    expect(names(member()?.roles)).toEqual(['Grouped', 'Staff', 'Verified']);
  });

  it('refuses a role that is not in the server, naming it', async () => {
    const res = await call(olivia, 'PUT', `${A}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: ['130000000000000099'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'body.role_bypass_role_ids[0]: the role 130000000000000099 does not exist in this server.',
    );
  });
});

describe('restrictions', () => {
  const RESTRICTIONS = {
    'a blocked account': {
      min_account_age_days: null,
      blocked_roblox_user_ids: [PETE],
      blocked_group_ids: [],
      reason: 'this Roblox account is blocked in this server',
    },
    'a blocked group': {
      min_account_age_days: null,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [GROUP],
      reason: 'members of the Roblox group Test Group are blocked in this server',
    },
    'an account too young': {
      min_account_age_days: 30,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [],
      reason: 'the Roblox account is 3 days old; this server needs 30',
    },
  } as const;

  beforeEach(() => {
    giveBotRole(t.world, guild(), String(KICK_MEMBERS | BAN_MEMBERS | (1n << 28n)));
    holding().created = new Date(Date.now() - 3.5 * 86_400_000);
  });

  const restrict = (which: keyof typeof RESTRICTIONS, action: string) => {
    const { reason: _reason, ...r } = RESTRICTIONS[which];
    return call(olivia, 'PUT', `${A}/edit/restrictions`, { ...r, action });
  };

  describe.each(Object.keys(RESTRICTIONS) as (keyof typeof RESTRICTIONS)[])('%s', (which) => {
    it.each(['deny', 'kick', 'ban'] as const)('%s', async (action) => {
      await putBinds([EVERY_KIND[0]!, EVERY_KIND[2]!]);
      await verify(); // verified first: Verified, Grouped and VIP
      expect(names(member()?.roles)).toEqual(['Grouped', 'VIP', 'Verified']);
      expect((await restrict(which, action)).statusCode).toBe(200);
      t.world.calls.length = 0;
      t.world.dms.length = 0;

      const res = await verify();
      expect(res.statusCode).toBe(200);
      const { reason } = RESTRICTIONS[which];
      expect(res.json().data).toMatchObject({
        restricted: reason,
        restriction_action: action,
        roles_added: [],
        roles_removed: ['Verified', 'Grouped', 'VIP'],
        nickname_updated: false,
        not_given: [
          { role_name: 'Grouped', reason },
          { role_name: 'VIP', reason },
        ],
      });
      expect(t.world.dms).toEqual([
        {
          userId: MAX,
          content: `${action === 'kick' ? 'You were removed from' : action === 'ban' ? 'You were banned from' : 'You cannot verify in'} Bot Guild: ${reason}.`,
        },
      ]);
      if (action === 'deny') expect(member()?.roles).toEqual([]);
      else {
        expect(t.world.calls).toContain(`${action} ${GUILD_A} ${MAX}`);
        expect(member()).toBeUndefined();
      }
      // every hit is an audit entry, with the reason and what was done
      const audit = await queryRows<{ warnings: string[] }>(
        t.tdb.database,
        sql`SELECT warnings FROM verifications ORDER BY created_at DESC LIMIT 1`,
      );
      expect(audit[0]!.warnings).toContainEqual(`You cannot verify in Bot Guild: ${reason}.`);
      if (action !== 'deny')
        expect(audit[0]!.warnings).toContainEqual(
          `This member was ${action === 'kick' ? 'kicked' : 'banned'} from the server: ${reason}.`,
        );
    });
  });

  it('never kicks or bans a server manager: they are only denied', async () => {
    const mods = {
      id: '130000000000000008',
      name: 'Mods',
      position: 1,
      managed: false,
      permissions: String(MANAGE_SERVER),
    };
    guild().roles.push(mods);
    member()!.roles.push(mods.id);
    await restrict('a blocked account', 'ban');
    const result = (await verify()).json().data;
    expect(result.restricted).toBe('this Roblox account is blocked in this server');
    expect(result.restriction_action).toBe('deny');
    expect(result.warnings).toContainEqual(
      'RoConnect never kicks or bans a server manager, so this member was only denied roles.',
    );
    expect(t.world.calls.some((c) => c.startsWith('ban ') || c.startsWith('kick '))).toBe(false);
    expect(member()).toBeDefined();
  });

  it('never kicks the server owner', async () => {
    await restrict('a blocked group', 'kick');
    await linkRoblox(t.app, olivia, RUBY);
    const list = (await call(olivia, 'GET', '/api/v1/dashboard/user/linked-accounts')).json().data;
    const res = await call(olivia, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
      server_id: GUILD_A,
      account_id: list[0].id,
    });
    expect(res.json().data.restricted).toMatch(/Test Group are blocked/);
    expect(t.world.calls.some((c) => c.startsWith('kick '))).toBe(false);
    expect(member(OLIVIA)).toBeDefined();
  });

  it('leaves a member Discord will not kick denied, and says why', async () => {
    await restrict('a blocked account', 'kick');
    t.world.refusedKicks.add(MAX);
    const result = (await verify()).json().data;
    expect(result.warnings).toContainEqual(
      expect.stringMatching(/^Discord refused to kick this member, so they were only denied roles/),
    );
    expect(result.restriction_action).toBe('deny');
    expect(member()).toBeDefined();
  });

  it('turns kick and ban on only when the bot may: 409 naming the permission', async () => {
    const role = guild().roles.find((r) => r.id === guild().botRoleId)!;
    role.permissions = String(KICK_MEMBERS);
    expect((await restrict('a blocked account', 'kick')).statusCode).toBe(200);
    const ban = await restrict('a blocked account', 'ban');
    expect(ban.statusCode).toBe(409);
    expect(ban.json()).toMatchObject({ error: 'bot_cannot_ban' });
    expect(ban.json().message).toMatch(/does not have Ban Members/);
  });

  it('answers the restrictions in the configuration, and audits the change', async () => {
    const res = await restrict('an account too young', 'kick');
    expect(res.json().data.server_config.restrictions).toEqual({
      min_account_age_days: 30,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [],
      required_group_ids: [],
      ban_evasion: 'flag',
      action: 'kick',
    });
    const rows = await queryRows<{ setting: string; after: string }>(
      t.tdb.database,
      sql`SELECT setting, after FROM setting_changes WHERE setting = 'restrictions'`,
    );
    expect(rows).toEqual([
      {
        setting: 'restrictions',
        after: `accounts at least 30 days old; action kick, chosen by Discord user ${OLIVIA}`,
      },
    ]);
  });
});
