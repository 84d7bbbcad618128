import { api } from '../api/endpoints';
import { setupMockServer, signIn } from '../testing';
import { SEED_ACCOUNTS, SEED_GROUP_ID, SEED_SERVERS } from './seed';

setupMockServer();

const ready = SEED_SERVERS.ownerReady;
const incomplete = SEED_SERVERS.ownerSetupIncomplete;

/** [name, call, a check on the `data` the envelope carried] */
const calls: [string, () => Promise<unknown>, (data: any) => void][] = [
  ['auth.discordUrl', () => api.auth.discordUrl(), (d) => expect(d.auth_url).toMatch(/scope=identify\+guilds/)],
  ['auth.me', () => api.auth.me(), (d) => expect(d).toMatchObject({ username: 'demo_user' })],
  ['dashboard.servers', () => api.dashboard.servers(), (d) => expect(d).toHaveLength(3)],
  ['dashboard.syncServers', () => api.dashboard.syncServers(), (d) => expect(d).toHaveLength(3)],
  [
    'dashboard.verificationServers',
    () => api.dashboard.verificationServers(),
    (d) => expect(d.map((s: { server_id: string }) => s.server_id)).toEqual([ready, SEED_SERVERS.memberWithBot]),
  ],
  ['dashboard.linkedAccounts', () => api.dashboard.linkedAccounts(), (d) => expect(d).toHaveLength(2)],
  ['dashboard.unlinkAccount', () => api.dashboard.unlinkAccount(SEED_ACCOUNTS.pending), (d) => expect(d).toEqual({})],
  ['dashboard.manualSync', () => api.dashboard.manualSync(), (d) => expect(d).toEqual({ checked: 3, bot_present: 2 })],
  [
    'dashboard.inviteUrl',
    () => api.dashboard.inviteUrl(incomplete),
    (d) => expect(d.invite_url).toContain(`guild_id=${incomplete}`),
  ],
  [
    'dashboard.verifyInServer',
    () => api.dashboard.verifyInServer({ server_id: SEED_SERVERS.memberWithBot, account_id: SEED_ACCOUNTS.pending }),
    (d) => expect(d).toMatchObject({ roles_added: ['Verified'], nickname: 'DemoAlt', dm_sent: true }),
  ],
  ['roblox.authUrl', () => api.roblox.authUrl(), (d) => expect(d.auth_url).toContain('code_challenge_method=S256')],
  ['roblox.status', () => api.roblox.status(), (d) => expect(d).toEqual({ configured: true })],
  ['server.config', () => api.server.config(ready), (d) => expect(d.server_config.server_name).toBe('Demo Builders Club')],
  [
    'server.setupStatus',
    () => api.server.setupStatus(incomplete),
    (d) => expect(d).toEqual({ setup_completed: false, setup_step: 'nickname' }),
  ],
  [
    'server.setupNickname',
    () => api.server.setupNickname(incomplete, 'roblox_display'),
    (d) => expect(d).toEqual({ setup_step: 'verified_role' }),
  ],
  [
    'server.setupVerifiedRole',
    () => api.server.setupVerifiedRole(incomplete, 'Member'),
    (d) => expect(d).toMatchObject({ verified_role_id: expect.stringMatching(/^\d{17,20}$/), setup_step: 'group' }),
  ],
  [
    'server.setupGroup',
    () => api.server.setupGroup(incomplete, { group_id: SEED_GROUP_ID }),
    (d) => expect(d).toEqual({
      setup_completed: true,
      group_id: SEED_GROUP_ID,
      group_name: 'Demo Builders Group',
      roles_created: ['Member', 'Officer', 'Owner'],
    }),
  ],
  ['server.edit', () => api.server.edit(ready), (d) => expect(Object.keys(d)).toEqual(['server_config', 'roles', 'group'])],
  [
    'server.editNickname',
    () => api.server.editNickname(ready, 'none'),
    (d) => expect(d.server_config.nickname_format).toBe('none'),
  ],
  [
    'server.editVerifiedRole',
    () => api.server.editVerifiedRole(ready, { verified_role_name: 'Linked', verified_role_id: null }),
    (d) => expect(d.server_config).toMatchObject({ verified_role_name: 'Linked', verified_role_id: expect.any(String) }),
  ],
  [
    'server.editGroup',
    () => api.server.editGroup(ready, { group_url: `https://www.roblox.com/communities/${SEED_GROUP_ID}/about` }),
    (d) => expect(d.server_config.group_id).toBe(SEED_GROUP_ID),
  ],
  ['public.botStats', () => api.public.botStats(), (d) => expect(d).toEqual({ total_users: 1234, total_servers: 56 })],
  [
    'auth.refresh',
    () => api.auth.refresh('mock-refresh-token-demo'),
    (d) => expect(d).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 }),
  ],
  ['auth.logout', () => api.auth.logout(), (d) => expect(d).toEqual({})],
];

describe('MSW handlers answer every contract call with its envelope', () => {
  it.each(calls)('%s', async (_name, call, check) => {
    signIn();
    const data = await call();
    check(data);
  });
});
