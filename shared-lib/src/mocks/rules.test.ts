import { api } from '../api/endpoints';
import { refusal, setupMockServer, signIn } from '../testing';
import { SEED_ACCOUNTS, SEED_GROUP_ID, SEED_SERVERS } from './seed';

const { db } = setupMockServer();
beforeEach(() => signIn());

const ready = SEED_SERVERS.ownerReady;
const server = () => db.servers.find((s) => s.server_id === ready)!;

const itemBinds = [
  { kind: 'gamepass' as const, gamepass_id: '9100001', role_name: 'VIP' },
  {
    kind: 'badge' as const,
    badge_id: 2124000002,
    role_name: 'Builder',
    nickname: '[B] {roblox-name}',
  },
  { group_id: SEED_GROUP_ID, min_rank: 255, max_rank: 255, role_name: 'Owner' },
];

describe('bind kinds in the mock API', () => {
  it('saves badge, game pass and group binds and reads them back with the items’ names', async () => {
    const data = await api.server.putBinds(ready, { binds: itemBinds });
    expect(data.binds.map((b) => b.kind)).toEqual(['gamepass', 'badge', 'group']);
    expect(data.binds[1]).toMatchObject({ badge_id: '2124000002', nickname: '[B] {roblox-name}' });
    expect(data.items).toEqual([
      { kind: 'gamepass', id: '9100001', name: 'VIP' },
      { kind: 'badge', id: '2124000002', name: 'Master Builder' },
    ]);
  });

  // a field of another kind is the API's refusal, tested with the API
  it('refuses an unknown item and a bad template, naming the bind', async () => {
    const unknown = { kind: 'asset' as const, asset_id: '42', role_name: 'Hat' };
    expect(await refusal(api.server.putBinds(ready, { binds: [unknown] }))).toMatchObject({
      status: 404,
      message: 'body.binds[0].asset_id: Roblox catalog item 42 does not exist.',
    });
    const badNick = { ...itemBinds[0]!, nickname: '{rank}' };
    expect(await refusal(api.server.putBinds(ready, { binds: [badNick] }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('body.binds[0].nickname names {rank}, which is not a token'),
    });
  });

  it('says which bound roles a verification did not give, and why', async () => {
    await api.server.putBinds(ready, { binds: itemBinds });
    const result = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.verified,
    });
    expect(result.roles_added).toEqual(['Verified', 'VIP']);
    expect(result.not_given.map((n) => [n.role_name, n.reason])).toEqual([
      ['Builder', 'the badge Master Builder has not been awarded'],
      ['Owner', 'rank 100 in Demo Builders Group; this role needs 255'],
    ]);
    const pending = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.pending,
    });
    expect(pending.not_given.find((n) => n.role_name === 'VIP')?.reason).toBe(
      'the inventory is private',
    );
  });

  it('previews the gains of a list without saving it', async () => {
    await api.dashboard.verifyInServer({ server_id: ready, account_id: SEED_ACCOUNTS.verified });
    const preview = await api.server.previewBinds(ready, { binds: itemBinds });
    expect(preview.members).toBe(1);
    expect(preview.roles.map((r) => [r.role_name, r.role_id, r.gain, r.lose])).toEqual([
      ['VIP', null, 1, 0],
      ['Builder', null, 0, 0],
      ['Owner', null, 0, 0],
    ]);
    expect(server().binds).toEqual([]);
    expect(server().roles.some((r) => r.name === 'VIP')).toBe(false);
  });
});

describe('nickname templates, bypass roles and restrictions in the mock API', () => {
  it('takes a template, names a preset by its format, and refuses a template that can never fit', async () => {
    const own = await api.server.editNicknameTemplate(ready, '{roblox-name} | {group-rank}');
    expect(own.server_config.nickname_template).toBe('{roblox-name} | {group-rank}');
    const preset = await api.server.editNicknameTemplate(ready, '{display-name}');
    expect(preset.server_config).toMatchObject({
      nickname_format: 'roblox_display',
      nickname_template: null,
    });
    expect(
      await refusal(api.server.editNicknameTemplate(ready, `${'x'.repeat(30)} {roblox-name}`)),
    ).toMatchObject({ status: 400, message: expect.stringContaining('can never fit') });
  });

  it('denies a blocked account its roles and says why', async () => {
    await api.server.editRestrictions(ready, {
      min_account_age_days: null,
      blocked_roblox_user_ids: ['3000001'],
      blocked_group_ids: [],
      action: 'deny',
    });
    const result = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.verified,
    });
    expect(result.restricted).toBe('this Roblox account is blocked in this server');
    expect(result.roles_added).toEqual([]);
  });

  it('leaves the nickname of a member with a nickname-bypass role', async () => {
    server().member_roles['1'] = ['200000000000000011'];
    await api.server.editBypassRoles(ready, {
      nickname_bypass_role_ids: ['200000000000000011'],
      role_bypass_role_ids: [],
    });
    const result = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.verified,
    });
    expect(result.nickname).toBeNull();
  });

  it('answers the restriction the scenario states for an account, and saves the restrictions as sent', async () => {
    const reason = 'the Roblox account is 3 days old; this server needs 30';
    server().restricted_accounts = { '3000001': reason };
    const result = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.verified,
    });
    expect(result).toMatchObject({ restricted: reason, roles_added: [], nickname: null });
    expect(result.warnings).toEqual([`You cannot verify in this server: ${reason}.`]);
    const restrictions = {
      min_account_age_days: 30,
      blocked_roblox_user_ids: [],
      blocked_group_ids: [],
      action: 'kick' as const,
    };
    const saved = await api.server.editRestrictions(ready, restrictions);
    expect(saved.server_config.restrictions).toEqual({
      ...restrictions,
      required_group_ids: [],
      ban_evasion: 'flag',
    });
  });

  it('looks up a group’s ranks and an item’s name, 404 for an unknown id', async () => {
    expect((await api.server.lookupBind(ready, 'group', SEED_GROUP_ID)).ranks).toHaveLength(4);
    expect((await api.server.lookupBind(ready, 'badge', '2124000001')).name).toBe('Welcome Badge');
    expect(await refusal(api.server.lookupBind(ready, 'asset', '1'))).toMatchObject({
      status: 404,
    });
  });
});
