import { isAxiosError } from 'axios';
import { api } from '../api/endpoints';
import { apiClient } from '../api/httpClient';
import { NO_RESTRICTIONS } from '../contract/console';
import { API_PATHS } from '../contract/paths';
import {
  DEMO_ACCESS_TOKEN,
  failNext,
  networkErrorNext,
  setupMockServer,
  signIn,
  verifyResult,
} from '../testing';
import { SEED_ACCOUNTS, SEED_GROUP_ID, SEED_SERVERS } from './seed';

const { server, db } = setupMockServer();

beforeEach(() => signIn());

/** The status and envelope of a failed call. */
async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (isAxiosError(error)) return { status: error.response?.status, body: error.response?.data };
  }
  throw new Error('expected the call to fail with a response');
}

it('answers 401 with an error envelope without a Bearer token', async () => {
  localStorage.clear();
  await expect(failure(api.dashboard.linkedAccounts())).resolves.toEqual({
    status: 401,
    body: { success: false, error: 'unauthorized', message: expect.any(String) },
  });
});

it('sends x-token-expired when Discord authorisation has lapsed', async () => {
  db.sessions[0]!.discord_expired = true;
  const error = await api.auth.me().catch((e: unknown) => e);
  expect(isAxiosError(error) && error.response?.headers['x-token-expired']).toBe('true');
});

it('answers public calls without a token', async () => {
  localStorage.clear();
  await expect(api.public.botStats()).resolves.toEqual(db.botStats);
  await expect(apiClient.get(API_PATHS.health)).resolves.toMatchObject({
    data: { data: { status: 'ok' } },
  });
  await expect(apiClient.get(API_PATHS.cspNonce)).resolves.toMatchObject({
    data: { nonce: 'mock-nonce' },
  });
});

it('walks setup nickname → verified_role → group → completed', async () => {
  const id = SEED_SERVERS.ownerSetupIncomplete;
  await expect(api.server.setupStatus(id)).resolves.toEqual({
    setup_completed: false,
    setup_step: 'nickname',
  });
  await api.server.setupNickname(id, 'discord_display');
  await expect(api.server.setupStatus(id)).resolves.toMatchObject({ setup_step: 'verified_role' });
  const { verified_role_id } = await api.server.setupVerifiedRole(id, '  Linked  ');
  await expect(api.server.setupStatus(id)).resolves.toMatchObject({ setup_step: 'group' });
  await api.server.setupGroup(id, { skip: true });
  await expect(api.server.setupStatus(id)).resolves.toEqual({
    setup_completed: true,
    setup_step: null,
  });
  await expect(api.server.config(id)).resolves.toEqual({
    server_config: {
      server_name: 'Demo Racing League',
      nickname_format: 'discord_display',
      nickname_template: null,
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: [],
      restrictions: NO_RESTRICTIONS,
      verified_role_name: 'Linked',
      verified_role_id,
      group_id: null,
      unverified_role_id: null,
      join_handling: 'verify',
      join_dm: false,
      log_channel_id: null,
      resync: 'off',
      staff_roles: { manager_role_ids: [], updater_role_ids: [] },
    },
  });
  const edit = await api.server.edit(id);
  expect(edit.roles.find((r) => r.id === verified_role_id)).toMatchObject({
    name: 'Linked',
    assignable: true,
  });
});

it('links a group by URL and maps its ranks to new roles', async () => {
  const id = SEED_SERVERS.ownerSetupIncomplete;
  const url = `https://www.roblox.com/groups/${SEED_GROUP_ID}/Demo-Builders`;
  await expect(api.server.setupGroup(id, { group_url: url })).resolves.toMatchObject({
    group_id: SEED_GROUP_ID,
  });
  const { group } = await api.server.edit(id);
  expect(group?.ranks.map((r) => [r.rank, r.discord_role_id !== null])).toEqual([
    [0, false],
    [1, true],
    [100, true],
    [255, true],
  ]);
});

it('reads a group as the API does: a locale link, leading zeros, and not a link off roblox.com', async () => {
  const id = SEED_SERVERS.ownerReady;
  const localeUrl = `https://www.roblox.com/es/communities/${SEED_GROUP_ID}/nombre`;
  await expect(api.server.editGroup(id, { group_url: localeUrl })).resolves.toMatchObject({
    server_config: { group_id: SEED_GROUP_ID },
  });
  await expect(api.server.editGroup(id, { group_id: `00${SEED_GROUP_ID}` })).resolves.toMatchObject(
    { server_config: { group_id: SEED_GROUP_ID } },
  );
  const offSite = `https://evil.example/roblox.com/groups/${SEED_GROUP_ID}`;
  await expect(failure(api.server.editGroup(id, { group_url: offSite }))).resolves.toMatchObject({
    status: 400,
    body: {
      message: expect.stringMatching(
        /^body\.group_url is not a Roblox group: .*not on roblox\.com/,
      ),
    },
  });
});

it.each([
  [
    'a nickname format outside the list',
    () => api.server.setupNickname(SEED_SERVERS.ownerReady, 'shout' as never),
    /nickname_format/,
  ],
  [
    'an empty role name',
    () => api.server.setupVerifiedRole(SEED_SERVERS.ownerReady, '   '),
    /verified_role_name/,
  ],
  [
    '@everyone as the role',
    () =>
      api.server.editVerifiedRole(SEED_SERVERS.ownerReady, {
        verified_role_name: '@everyone',
        verified_role_id: null,
      }),
    /@everyone/,
  ],
  [
    'a role id the server lacks',
    () =>
      api.server.editVerifiedRole(SEED_SERVERS.ownerReady, {
        verified_role_name: 'X',
        verified_role_id: '1',
      }),
    /verified_role_id/,
  ],
  [
    'a group id that is not a number',
    () => api.server.setupGroup(SEED_SERVERS.ownerReady, { group_id: 'abc' }),
    /group_id/,
  ],
  [
    'a URL that is not a Roblox group',
    () => api.server.editGroup(SEED_SERVERS.ownerReady, { group_url: 'https://example.test/x' }),
    /group_url/,
  ],
  ['a server id that is not a snowflake', () => api.server.config('42'), /server id/],
  ['an invite without a snowflake', () => api.dashboard.inviteUrl('abc'), /server_id/],
  [
    'a verify without an account',
    () => api.dashboard.verifyInServer({ server_id: SEED_SERVERS.ownerReady, account_id: '' }),
    /account_id/,
  ],
])('answers 400 naming the field for %s', async (_case, call, message) => {
  const { status, body } = await failure(call());
  expect(status).toBe(400);
  expect(body).toMatchObject({
    success: false,
    error: 'invalid_request',
    message: expect.stringMatching(message),
  });
});

it('answers 400 for a body that is not JSON', async () => {
  const call = apiClient.post(API_PATHS.setupNickname(SEED_SERVERS.ownerReady), 'nickname=x', {
    headers: { 'Content-Type': 'text/plain' },
  });
  await expect(failure(call)).resolves.toMatchObject({ status: 400, body: { message: /JSON/ } });
});

it('keeps server configuration to managers, with one 403 for unknown and not-managed servers', async () => {
  await expect(failure(api.server.edit(SEED_SERVERS.memberWithBot))).resolves.toMatchObject({
    status: 403,
    body: { error: 'not_server_manager' },
  });
  await expect(failure(api.server.edit('299999999999999999'))).resolves.toMatchObject({
    status: 403,
    body: { error: 'not_server_manager' },
  });
  await expect(
    failure(api.server.setupGroup(SEED_SERVERS.ownerReady, { group_id: 404 })),
  ).resolves.toMatchObject({ status: 404 });
});

it('refuses, as the API does, a verified role at or above the bot’s role (409)', async () => {
  const id = SEED_SERVERS.ownerReady;
  await expect(
    failure(
      api.server.editVerifiedRole(id, {
        verified_role_name: 'Moderators',
        verified_role_id: '200000000000000012',
      }),
    ),
  ).resolves.toMatchObject({
    status: 409,
    body: { error: 'role_above_bot', message: expect.stringContaining('"Moderators"') },
  });
  await expect(failure(api.server.setupVerifiedRole(id, 'Moderators'))).resolves.toMatchObject({
    status: 409,
  });
  const { server_config } = await api.server.editVerifiedRole(id, {
    verified_role_name: 'Verified',
    verified_role_id: '200000000000000011',
  });
  expect(server_config.verified_role_id).toBe('200000000000000011');
});

it('unlinks only the caller’s accounts', async () => {
  await api.dashboard.unlinkAccount(SEED_ACCOUNTS.pending);
  await expect(api.dashboard.linkedAccounts()).resolves.toEqual([
    expect.objectContaining({ id: SEED_ACCOUNTS.verified }),
  ]);
  await expect(
    failure(api.dashboard.unlinkAccount(SEED_ACCOUNTS.otherUsers)),
  ).resolves.toMatchObject({ status: 404 });
});

it('sync-servers brings in servers Discord knows about', async () => {
  db.servers[2]!.listed = false;
  await expect(api.dashboard.servers()).resolves.toHaveLength(2);
  await expect(api.dashboard.syncServers()).resolves.toHaveLength(3);
  await expect(api.dashboard.servers()).resolves.toHaveLength(3);
});

describe('verify-in-server', () => {
  it('marks the account verified and returns what changed', async () => {
    const result = await api.dashboard.verifyInServer({
      server_id: SEED_SERVERS.memberWithBot,
      account_id: SEED_ACCOUNTS.pending,
    });
    expect(result).toEqual(verifyResult());
    const accounts = await api.dashboard.linkedAccounts();
    expect(accounts.find((a) => a.id === SEED_ACCOUNTS.pending)?.verified).toBe(true);
  });

  it('warns that the owner’s nickname cannot be changed', async () => {
    const result = await api.dashboard.verifyInServer({
      server_id: SEED_SERVERS.ownerReady,
      account_id: SEED_ACCOUNTS.verified,
    });
    expect(result).toMatchObject({
      nickname_updated: false,
      nickname: null,
      warnings: [expect.stringMatching(/owner/)],
    });
  });

  it.each([
    ['another user’s account', SEED_SERVERS.memberWithBot, SEED_ACCOUNTS.otherUsers, 403],
    ['an unknown account', SEED_SERVERS.memberWithBot, 'la-999', 404],
    ['a server without the bot', SEED_SERVERS.managerNoBot, SEED_ACCOUNTS.pending, 409],
    [
      'a server whose setup is incomplete',
      SEED_SERVERS.ownerSetupIncomplete,
      SEED_ACCOUNTS.pending,
      409,
    ],
  ])('refuses %s', async (_case, server_id, account_id, status) => {
    await expect(
      failure(api.dashboard.verifyInServer({ server_id, account_id })),
    ).resolves.toMatchObject({ status });
  });

  it('answers 502 with advice when the bot’s role sits too low', async () => {
    db.servers[3]!.bot_role_position = 1;
    const { status, body } = await failure(
      api.dashboard.verifyInServer({
        server_id: SEED_SERVERS.memberWithBot,
        account_id: SEED_ACCOUNTS.pending,
      }),
    );
    expect(status).toBe(502);
    expect(body).toMatchObject({ message: expect.stringMatching(/bot's role above "Verified"/) });
  });
});

describe('refresh', () => {
  it('rotates, and a reused refresh token ends the whole session', async () => {
    const first = await api.auth.refresh('mock-refresh-token-demo');
    expect(first.access_token).not.toBe(DEMO_ACCESS_TOKEN);
    await expect(failure(api.auth.refresh('mock-refresh-token-demo'))).resolves.toMatchObject({
      status: 401,
    });
    await expect(failure(api.auth.refresh(first.refresh_token))).resolves.toMatchObject({
      status: 401,
    });
  });
});

describe('overrides', () => {
  it('failNext fails only the next matching call, with the given status and message', async () => {
    server.use(failNext('get', API_PATHS.serverEdit(':id'), 502, 'Discord is down.'));
    await expect(failure(api.server.edit(SEED_SERVERS.ownerReady))).resolves.toEqual({
      status: 502,
      body: { success: false, error: 'discord_error', message: 'Discord is down.' },
    });
    await expect(api.server.edit(SEED_SERVERS.ownerReady)).resolves.toHaveProperty('server_config');
  });

  it('failNext with persist fails every call until handlers reset', async () => {
    server.use(failNext('get', API_PATHS.linkedAccounts, 500, 'Down.', { persist: true }));
    await expect(failure(api.dashboard.linkedAccounts())).resolves.toMatchObject({ status: 500 });
    await expect(failure(api.dashboard.linkedAccounts())).resolves.toMatchObject({ status: 500 });
  });

  it('networkErrorNext fails without a response', async () => {
    server.use(networkErrorNext('get', API_PATHS.botStats));
    const error = await api.public.botStats().catch((e: unknown) => e);
    expect(isAxiosError(error) && error.response).toBeUndefined();
    expect(isAxiosError(error) && error.code).toBe('ERR_NETWORK');
  });
});

it('puts the data back after each test (this runs after the unlink test)', async () => {
  await expect(api.dashboard.linkedAccounts()).resolves.toHaveLength(2);
});
