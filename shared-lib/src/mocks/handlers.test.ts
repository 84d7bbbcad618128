import { api } from '../api/endpoints';
import { httpClients } from '../api/httpClient';
import { setupMockServer, signIn } from '../testing';
import { SEED_ACCOUNTS, SEED_GROUP_ID, SEED_SERVERS } from './seed';

setupMockServer();

const ready = SEED_SERVERS.ownerReady;
const incomplete = SEED_SERVERS.ownerSetupIncomplete;

/** A table row: the call's name, and a run that makes the call and checks the envelope's `data`. */
function row<T>(
  name: string,
  call: () => Promise<T>,
  check: (data: T) => void,
): [string, () => Promise<void>] {
  return [name, async () => check(await call())];
}

const calls = [
  row(
    'auth.discordUrl',
    () => api.auth.discordUrl(),
    (d) => expect(d.auth_url).toMatch(/scope=identify\+guilds/),
  ),
  row(
    'auth.me',
    () => api.auth.me(),
    (d) => expect(d).toMatchObject({ username: 'demo_user' }),
  ),
  row(
    'dashboard.servers',
    () => api.dashboard.servers(),
    (d) => expect(d).toHaveLength(3),
  ),
  row(
    'dashboard.syncServers',
    () => api.dashboard.syncServers(),
    (d) => expect(d).toHaveLength(3),
  ),
  row(
    'dashboard.verificationServers',
    () => api.dashboard.verificationServers(),
    (d) => expect(d.map((s) => s.server_id)).toEqual([ready, SEED_SERVERS.memberWithBot]),
  ),
  row(
    'dashboard.linkedAccounts',
    () => api.dashboard.linkedAccounts(),
    (d) => expect(d).toHaveLength(2),
  ),
  row(
    'dashboard.unlinkAccount',
    () => api.dashboard.unlinkAccount(SEED_ACCOUNTS.pending),
    (d) => expect(d).toEqual({}),
  ),
  row(
    'dashboard.manualSync',
    () => api.dashboard.manualSync(),
    (d) => expect(d).toEqual({ checked: 3, bot_present: 2 }),
  ),
  row(
    'dashboard.inviteUrl',
    () => api.dashboard.inviteUrl(incomplete),
    (d) => expect(d.invite_url).toContain(`guild_id=${incomplete}`),
  ),
  row(
    'dashboard.verifyInServer',
    () =>
      api.dashboard.verifyInServer({
        server_id: SEED_SERVERS.memberWithBot,
        account_id: SEED_ACCOUNTS.pending,
      }),
    (d) =>
      expect(d).toMatchObject({ roles_added: ['Verified'], nickname: 'DemoAlt', dm_sent: true }),
  ),
  row(
    'roblox.authUrl',
    () => api.roblox.authUrl(),
    (d) => expect(d.auth_url).toContain('code_challenge_method=S256'),
  ),
  row(
    'roblox.status',
    () => api.roblox.status(),
    (d) => expect(d).toEqual({ configured: true }),
  ),
  row(
    'server.config',
    () => api.server.config(ready),
    (d) => expect(d.server_config.server_name).toBe('Demo Builders Club'),
  ),
  row(
    'server.setupStatus',
    () => api.server.setupStatus(incomplete),
    (d) => expect(d).toEqual({ setup_completed: false, setup_step: 'nickname' }),
  ),
  row(
    'server.setupNickname',
    () => api.server.setupNickname(incomplete, 'roblox_display'),
    (d) => expect(d).toEqual({ setup_step: 'verified_role' }),
  ),
  row(
    'server.setupVerifiedRole',
    () => api.server.setupVerifiedRole(incomplete, 'Member'),
    (d) =>
      expect(d).toMatchObject({
        verified_role_id: expect.stringMatching(/^\d{17,20}$/),
        setup_step: 'group',
      }),
  ),
  row(
    'server.setupGroup',
    () => api.server.setupGroup(incomplete, { group_id: SEED_GROUP_ID }),
    (d) =>
      expect(d).toEqual({
        setup_completed: true,
        group_id: SEED_GROUP_ID,
        group_name: 'Demo Builders Group',
        roles_created: ['Member', 'Officer', 'Owner'],
      }),
  ),
  row(
    'server.edit',
    () => api.server.edit(ready),
    (d) => expect(Object.keys(d)).toEqual(['server_config', 'roles', 'group']),
  ),
  row(
    'server.editNickname',
    () => api.server.editNickname(ready, 'none'),
    (d) => expect(d.server_config.nickname_format).toBe('none'),
  ),
  row(
    'server.editVerifiedRole',
    () =>
      api.server.editVerifiedRole(ready, { verified_role_name: 'Linked', verified_role_id: null }),
    (d) =>
      expect(d.server_config).toMatchObject({
        verified_role_name: 'Linked',
        verified_role_id: expect.any(String),
      }),
  ),
  row(
    'server.editGroup',
    () =>
      api.server.editGroup(ready, {
        group_url: `https://www.roblox.com/communities/${SEED_GROUP_ID}/about`,
      }),
    (d) => expect(d.server_config.group_id).toBe(SEED_GROUP_ID),
  ),
  row(
    'server.editUnverifiedRole',
    () => api.server.editUnverifiedRole(ready, null),
    (d) => expect(d.server_config).toMatchObject({ unverified_role_id: null }),
  ),
  row(
    'server.binds',
    () => api.server.binds(ready),
    (d) => expect(d).toEqual({ binds: [], groups: [], items: [] }),
  ),
  row(
    'server.previewBinds',
    () =>
      api.server.previewBinds(ready, {
        binds: [{ kind: 'gamepass', gamepass_id: '9100001', role_id: '200000000000000011' }],
      }),
    (d) =>
      expect(d.roles).toEqual([
        expect.objectContaining({ role_id: '200000000000000011', role_name: 'Verified' }),
      ]),
  ),
  row(
    'server.lookupBind',
    () => api.server.lookupBind(ready, 'gamepass', '9100001'),
    (d) => expect(d).toEqual({ kind: 'gamepass', id: '9100001', name: 'VIP', ranks: [] }),
  ),
  row(
    'server.editNicknameTemplate',
    () => api.server.editNicknameTemplate(ready, '{display-name} | {roblox-name}'),
    (d) => expect(d.server_config.nickname_template).toBe('{display-name} | {roblox-name}'),
  ),
  row(
    'server.editBypassRoles',
    () =>
      api.server.editBypassRoles(ready, {
        nickname_bypass_role_ids: ['200000000000000011'],
        role_bypass_role_ids: [],
      }),
    (d) => expect(d.server_config.nickname_bypass_role_ids).toEqual(['200000000000000011']),
  ),
  row(
    'server.editRestrictions',
    () =>
      api.server.editRestrictions(ready, {
        min_account_age_days: 30,
        blocked_roblox_user_ids: [],
        blocked_group_ids: [],
        action: 'deny',
      }),
    (d) => expect(d.server_config.restrictions.min_account_age_days).toBe(30),
  ),
  row(
    'server.putBinds',
    () =>
      api.server.putBinds(ready, {
        binds: [
          { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 255, role_id: '200000000000000011' },
        ],
      }),
    (d) =>
      expect(d.binds).toEqual([
        {
          kind: 'group',
          group_id: SEED_GROUP_ID,
          min_rank: 1,
          max_rank: 255,
          role_id: '200000000000000011',
          role_name: 'Verified',
          nickname: null,
          priority: 0,
        },
      ]),
  ),
  row(
    'server.audit',
    () => api.server.audit(ready),
    (d) => expect(d.entries.map((e) => e.id)).toEqual(['audit-2', 'audit-1']),
  ),
  row(
    'server.health',
    () => api.server.health(ready),
    (d) => expect(d).toMatchObject({ ok: true, problems: [] }),
  ),
  row(
    'public.botStats',
    () => api.public.botStats(),
    (d) => expect(d).toEqual({ total_users: 1234, total_servers: 56 }),
  ),
  row(
    'auth.refresh',
    () => api.auth.refresh('mock-refresh-token-demo'),
    (d) =>
      expect(d).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        expires_in: 900,
      }),
  ),
  row(
    'auth.logout',
    () => api.auth.logout(),
    (d) => expect(d).toEqual({}),
  ),
];

/** The raw bodies the clients received, so each row can check the envelope itself. */
const bodies: unknown[] = [];
let ejects: (() => void)[] = [];
beforeAll(() => {
  ejects = httpClients.map((client) => {
    const id = client.interceptors.response.use((response) => {
      bodies.push(response.data);
      return response;
    });
    return () => client.interceptors.response.eject(id);
  });
});
afterAll(() => ejects.forEach((eject) => eject()));

describe('MSW handlers answer every contract call with its envelope', () => {
  it.each(calls)('%s', async (_name, run) => {
    signIn();
    bodies.length = 0;
    await run();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({ success: true, data: expect.anything() });
  });

  it('covers every function of api.*', () => {
    // the CSV export answers text/csv, not an envelope (its own test is in console.test.ts);
    // the inlined bot counts are read from the page and send no request (inlinedAnswers.test.ts)
    const notEnvelopeCalls = ['server.auditExport', 'public.takeInlinedBotStats'];
    const names = Object.entries(api)
      .flatMap(([group, fns]) => Object.keys(fns).map((fn) => `${group}.${fn}`))
      .filter((name) => !notEnvelopeCalls.includes(name));
    expect(calls.map(([name]) => name).sort()).toEqual(names.sort());
  });
});
