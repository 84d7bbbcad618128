import { api } from '../api/endpoints';
import { MAX_GROUPS_PER_SERVER, type PutBindsRequest } from '../contract/console';
import { refusal, setupMockServer, signIn } from '../testing';
import { SEED_ACCOUNTS, SEED_GROUP_ID, SEED_SERVERS } from './seed';

const { db } = setupMockServer();
beforeEach(() => signIn());

const ready = SEED_SERVERS.ownerReady;
const VERIFIED_ROLE = '200000000000000011';
const server = () => db.servers.find((s) => s.server_id === ready)!;
/** What the mock answers a save of `binds` on the ready server that it refuses. */
const bindsRefusal = (binds: PutBindsRequest['binds']) =>
  refusal(api.server.putBinds(ready, { binds }));

describe('binds', () => {
  it('saves ranges to existing roles and new roles by name, and reads them back with the group', async () => {
    await api.server.putBinds(ready, {
      binds: [
        { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 99, role_id: VERIFIED_ROLE },
        { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 255, role_name: 'Staff' },
      ],
    });
    const data = await api.server.binds(ready);
    expect(
      data.binds.map((b) => (b.kind === 'group' ? [b.min_rank, b.max_rank, b.role_name] : b)),
    ).toEqual([
      [1, 99, 'Verified'],
      [100, 255, 'Staff'],
    ]);
    expect(data.groups).toEqual([
      expect.objectContaining({ id: SEED_GROUP_ID, name: 'Demo Builders Group' }),
    ]);
    expect(server().roles.some((r) => r.name === 'Staff')).toBe(true);
    expect(server().group_id).toBe(SEED_GROUP_ID);
  });

  it('refuses a bind with min above max, naming the bind, and changes nothing', async () => {
    await expect(
      bindsRefusal([
        { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 2, role_name: 'Fine' },
        { group_id: SEED_GROUP_ID, min_rank: 9, max_rank: 2, role_id: VERIFIED_ROLE },
      ]),
    ).resolves.toMatchObject({
      status: 400,
      message: expect.stringContaining('body.binds[1].min_rank'),
    });
    expect(server().binds).toEqual([]);
    expect(server().roles.some((r) => r.name === 'Fine')).toBe(false);
  });

  it('refuses a role above the bot and an unknown group', async () => {
    await expect(
      bindsRefusal([
        { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 2, role_id: '200000000000000012' },
      ]),
    ).resolves.toMatchObject({ status: 409 });
    await expect(
      bindsRefusal([{ group_id: '42', min_rank: 1, max_rank: 2, role_name: 'X' }]),
    ).resolves.toMatchObject({ status: 404, message: expect.stringContaining('group 42') });
  });

  it('refuses more distinct groups than a server may bind, as the API does, and changes nothing', async () => {
    const ids = Array.from({ length: MAX_GROUPS_PER_SERVER + 1 }, (_, i) => String(9000 + i));
    for (const id of ids)
      db.groups.push({ id, name: `Group ${id}`, ranks: [{ rank: 1, name: 'Member' }] });
    await expect(
      bindsRefusal(
        ids.map((group_id) => ({
          group_id,
          min_rank: 1,
          max_rank: 1,
          role_id: VERIFIED_ROLE,
        })),
      ),
    ).resolves.toMatchObject({
      status: 400,
      message: `body.binds names 26 Roblox groups; a server may bind at most 25. Remove 1 of them and save again.`,
    });
    expect(server().binds).toEqual([]);
  });

  it('an empty list removes the group integration and records who changed the binds', async () => {
    await api.server.editGroup(ready, { group_id: SEED_GROUP_ID });
    expect(server().binds).toHaveLength(3);
    await api.server.putBinds(ready, { binds: [] });
    expect(server().group_id).toBeNull();
    const { entries } = await api.server.audit(ready);
    expect(entries[0]).toMatchObject({
      kind: 'setting_change',
      setting: 'binds',
      after: null,
      actor: { username: 'demo_user' },
    });
  });

  it('answers 403 for a server the caller cannot manage', async () => {
    await expect(refusal(api.server.binds(SEED_SERVERS.memberWithBot))).resolves.toMatchObject({
      status: 403,
    });
  });
});

describe('verification with binds and the unverified role', () => {
  it('gives the bound roles, takes the unverified role, records the audit entry and where the account verified', async () => {
    const s = server();
    s.members.push({ user_id: '1', owner: false, can_manage: true });
    s.members.shift();
    s.roles.push({ id: '200000000000000013', name: 'Unverified', position: 1 });
    s.roles.push({ id: '200000000000000014', name: 'Officers', position: 3 });
    s.member_roles['1'] = ['200000000000000013'];
    await api.server.editUnverifiedRole(ready, '200000000000000013');
    await api.server.putBinds(ready, {
      binds: [
        { group_id: SEED_GROUP_ID, min_rank: 100, max_rank: 255, role_id: '200000000000000014' },
        { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 1, role_name: 'Members' },
      ],
    });
    const result = await api.dashboard.verifyInServer({
      server_id: ready,
      account_id: SEED_ACCOUNTS.verified, // rank 100 in the seed group
    });
    expect(result.roles_added.sort()).toEqual(['Officers', 'Verified']);
    expect(result.roles_removed).toEqual(['Unverified']);
    const { entries } = await api.server.audit(ready);
    expect(entries[0]).toMatchObject({
      kind: 'verification',
      roblox_account: { username: 'DemoBuilder' },
      roles_added: expect.arrayContaining(['Officers', 'Verified']),
      roles_removed: ['Unverified'],
    });
    const [account] = await api.dashboard.linkedAccounts();
    expect(account!.verified_in[0]).toMatchObject({
      server_id: ready,
      server_name: 'Demo Builders Club',
    });
  });

  it('refuses the verified role as the unverified role, and turns it off with null', async () => {
    await expect(
      refusal(api.server.editUnverifiedRole(ready, VERIFIED_ROLE)),
    ).resolves.toMatchObject({
      status: 400,
    });
    const off = await api.server.editUnverifiedRole(ready, null);
    expect(off.server_config.unverified_role_id).toBeNull();
  });
});

describe('audit log', () => {
  it('pages newest first with next_before, and filters by member', async () => {
    for (const format of ['none', 'roblox_display', 'discord_username'] as const)
      await api.server.editNickname(ready, format);
    const first = await api.server.audit(ready, { limit: 2 });
    expect(first.entries.map((e) => e.kind === 'setting_change' && e.after)).toEqual([
      'discord_username',
      'roblox_display',
    ]);
    const second = await api.server.audit(ready, { limit: 2, before: first.next_before });
    const third = await api.server.audit(ready, { limit: 2, before: second.next_before });
    expect([...second.entries, ...third.entries].map((e) => e.id)).toEqual([
      expect.any(String),
      'audit-2',
      'audit-1',
    ]);
    expect(third.next_before).toBeNull();
    const member = await api.server.audit(ready, { member: '100000000000000002' });
    expect(member.entries.map((e) => e.id)).toEqual(['audit-2']);
  });

  it('exports CSV with the auth header and names the file', async () => {
    const { blob, filename } = await api.server.auditExport(ready);
    expect(filename).toBe(`roconnect-audit-${ready}.csv`);
    const text = await blob.text();
    expect(text.split('\r\n')[0]).toMatch(/^at,kind,actor,member/);
    expect(text).toContain('SomeoneElse');
  });

  it('refuses the export without a session', async () => {
    localStorage.clear();
    await expect(refusal(api.server.auditExport(ready))).resolves.toMatchObject({ status: 401 });
  });
});

describe('health', () => {
  it('reports a bound role above the bot and a missing permission with a re-invite', async () => {
    const s = server();
    s.binds = [
      { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 1, role_id: '200000000000000012' },
    ];
    s.bot_permissions.manage_nicknames = false;
    const health = await api.server.health(ready);
    expect(health.ok).toBe(false);
    expect(health.problems.map((p) => p.code)).toEqual([
      'missing_manage_nicknames',
      'bot_role_too_low',
    ]);
    expect(health.problems[0]!.reinvite_url).toEqual(expect.stringContaining(ready));
    expect(health.problems[1]!.message).toContain('"Moderators"');
  });
});

describe('unlink', () => {
  it('with remove_roles answers what the bot took back in each server', async () => {
    const tycoon = db.servers.find((s) => s.server_id === SEED_SERVERS.memberWithBot)!;
    tycoon.member_roles['1'] = ['200000000000000041'];
    const data = await api.dashboard.unlinkAccount(SEED_ACCOUNTS.verified, { removeRoles: true });
    expect(data).toEqual({
      cleanup: [
        {
          server_id: SEED_SERVERS.memberWithBot,
          server_name: 'Tycoon Fans',
          roles_removed: ['Verified'],
          nickname_reset: true,
          warnings: [],
        },
      ],
    });
    expect(tycoon.member_roles['1']).toEqual([]);
  });

  it('without it answers an empty object', async () => {
    await expect(api.dashboard.unlinkAccount(SEED_ACCOUNTS.verified)).resolves.toEqual({});
  });
});
