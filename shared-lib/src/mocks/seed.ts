import type { MockDb, MockServer } from './dbTypes';

export const DEMO_ACCESS_TOKEN = 'mock-access-token-demo';
export const DEMO_REFRESH_TOKEN = 'mock-refresh-token-demo';

export const DEMO_USER = {
  id: '1',
  discord_id: '100000000000000001',
  username: 'demo_user',
  global_name: 'Demo User',
  avatar: null,
};
const OTHER_USER = {
  id: '2',
  discord_id: '100000000000000002',
  username: 'other_owner',
  global_name: 'Other Owner',
  avatar: null,
};

/** Server ids of the default seed, named by what each one shows in the dashboard. */
export const SEED_SERVERS = {
  ownerReady: '200000000000000001',
  ownerSetupIncomplete: '200000000000000002',
  managerNoBot: '200000000000000003',
  memberWithBot: '200000000000000004',
} as const;

export const SEED_ACCOUNTS = { verified: 'la-1', pending: 'la-2', otherUsers: 'la-3' } as const;
export const SEED_GROUP_ID = '5000001';

/**
 * Every server's channels: `general` with the server's id (as Discord's first channel), `logs`,
 * and a voice channel the bot cannot post in.
 */
const baseChannels = (serverId: string) => [
  { id: serverId, name: 'general', type: 0, bot_can_post: true },
  {
    id: `${serverId.slice(0, -2)}7${serverId.slice(-1)}`,
    name: 'logs',
    type: 0,
    bot_can_post: true,
  },
  {
    id: `${serverId.slice(0, -2)}8${serverId.slice(-1)}`,
    name: 'Lounge',
    type: 2,
    bot_can_post: false,
  },
];

const baseRoles = (serverId: string) => [
  { id: serverId, name: '@everyone', position: 0 },
  { id: `${serverId.slice(0, -1)}9`, name: 'RoConnect', position: 10 },
];

function server(
  overrides: Partial<MockServer> & Pick<MockServer, 'server_id' | 'server_name'>,
): MockServer {
  return {
    id: overrides.server_id.slice(-1),
    server_icon: null,
    member_count: 10,
    bot_added: false,
    listed: true,
    members: [{ user_id: DEMO_USER.id, owner: true, can_manage: true }],
    setup: { setup_completed: false, setup_step: 'nickname' },
    nickname_format: 'roblox_username',
    verified_role_name: 'Verified',
    verified_role_id: null,
    group_id: null,
    unverified_role_id: null,
    join_handling: 'verify',
    join_dm: false,
    log_channel_id: null,
    resync: 'off',
    channels: baseChannels(overrides.server_id),
    posted: [],
    verify_channel_id: null,
    group_roles: [],
    binds: [],
    bot_role_position: 10,
    bot_permissions: { manage_roles: true, manage_nicknames: true },
    member_roles: {},
    roles: baseRoles(overrides.server_id),
    ...overrides,
  };
}

/** A server whose setup is done: its Verified role (`verifiedRoleId`) given, beside `otherRoles`. */
function setUpServer(
  overrides: Parameters<typeof server>[0],
  verifiedRoleId: string,
  otherRoles: MockServer['roles'] = [],
): MockServer {
  return server({
    bot_added: true,
    setup: { setup_completed: true, setup_step: null },
    verified_role_id: verifiedRoleId,
    roles: [
      ...baseRoles(overrides.server_id),
      { id: verifiedRoleId, name: 'Verified', position: 2 },
      ...otherRoles,
    ],
    ...overrides,
  });
}

/** A signed-in demo user with two linked accounts (one verified) and four servers. */
export function defaultSeed(): MockDb {
  return {
    users: [DEMO_USER, OTHER_USER],
    linkedAccounts: [
      {
        id: SEED_ACCOUNTS.verified,
        owner_id: DEMO_USER.id,
        roblox_id: '3000001',
        roblox_username: 'DemoBuilder',
        roblox_display_name: 'Demo Builder',
        roblox_avatar: null,
        linked_at: '2025-08-02T10:00:00.000Z',
        verified: true,
        verified_in: [
          {
            server_id: SEED_SERVERS.memberWithBot,
            server_name: 'Tycoon Fans',
            verified_at: '2025-08-02T10:05:00.000Z',
          },
        ],
      },
      {
        id: SEED_ACCOUNTS.pending,
        owner_id: DEMO_USER.id,
        roblox_id: '3000002',
        roblox_username: 'DemoAlt',
        roblox_display_name: 'Demo Alt',
        roblox_avatar: null,
        linked_at: '2025-08-03T12:30:00.000Z',
        verified: false,
        verified_in: [],
      },
      {
        id: SEED_ACCOUNTS.otherUsers,
        owner_id: OTHER_USER.id,
        roblox_id: '3000003',
        roblox_username: 'SomeoneElse',
        roblox_display_name: 'Someone Else',
        roblox_avatar: null,
        linked_at: '2025-08-04T08:00:00.000Z',
        verified: false,
        verified_in: [],
      },
    ],
    servers: [
      setUpServer(
        {
          server_id: SEED_SERVERS.ownerReady,
          server_name: 'Demo Builders Club',
          member_count: 128,
        },
        '200000000000000011',
        [{ id: '200000000000000012', name: 'Moderators', position: 12 }],
      ),
      server({
        server_id: SEED_SERVERS.ownerSetupIncomplete,
        server_name: 'Demo Racing League',
        member_count: 42,
        bot_added: true,
      }),
      server({
        server_id: SEED_SERVERS.managerNoBot,
        server_name: 'Obby Makers',
        member_count: 310,
        members: [
          { user_id: OTHER_USER.id, owner: true, can_manage: true },
          { user_id: DEMO_USER.id, owner: false, can_manage: true },
        ],
      }),
      setUpServer(
        {
          server_id: SEED_SERVERS.memberWithBot,
          server_name: 'Tycoon Fans',
          member_count: 2048,
          members: [
            { user_id: OTHER_USER.id, owner: true, can_manage: true },
            { user_id: DEMO_USER.id, owner: false, can_manage: false },
          ],
        },
        '200000000000000041',
      ),
    ],
    groups: [
      {
        id: SEED_GROUP_ID,
        name: 'Demo Builders Group',
        ranks: [
          { rank: 0, name: 'Guest' },
          { rank: 1, name: 'Member' },
          { rank: 100, name: 'Officer' },
          { rank: 255, name: 'Owner' },
        ],
        member_ranks: { '3000001': 100, '3000002': 1 },
      },
    ],
    robloxItems: [
      { kind: 'badge', id: '2124000001', name: 'Welcome Badge' },
      { kind: 'badge', id: '2124000002', name: 'Master Builder' },
      { kind: 'gamepass', id: '9100001', name: 'VIP' },
      { kind: 'gamepass', id: '9100002', name: 'Double Coins' },
      { kind: 'asset', id: '1029025', name: 'The Classic ROBLOX Fedora' },
    ],
    robloxUsers: {
      // the verified demo account: a badge and the VIP pass, but not the builder badge or the fedora
      '3000001': {
        badges: ['2124000001'],
        inventory: ['9100001'],
        inventory_private: false,
        created: '2019-04-01T00:00:00.000Z',
      },
      // the pending demo account keeps its inventory private
      '3000002': {
        badges: [],
        inventory: ['9100002'],
        inventory_private: true,
        created: '2025-07-30T00:00:00.000Z',
      },
    },
    botStats: { total_users: 1234, total_servers: 56 },
    sessions: [
      {
        user_id: DEMO_USER.id,
        access_token: DEMO_ACCESS_TOKEN,
        refresh_token: DEMO_REFRESH_TOKEN,
        used_refresh_tokens: [],
      },
    ],
    robloxConfigured: true,
    audit: seedAudit(),
    privacy: seedPrivacy(),
    // in the seed so that a reset (Object.assign) clears a test's disconnects
    linkedRolesOff: [],
    nextId: 1000,
  };
}

/** The demo member was looked up once with /whois where they verified (shown), once by a key. */
function seedPrivacy(): NonNullable<MockDb['privacy']> {
  return {
    choices: {},
    lookups: [
      {
        id: '00000000-0000-4000-8000-00000000a001',
        subject_user_id: DEMO_USER.id,
        server_id: SEED_SERVERS.memberWithBot,
        server_name: 'Tycoon Fans',
        source: 'whois',
        actor_discord_id: OTHER_USER.discord_id,
        actor_name: OTHER_USER.global_name,
        api_key_id: null,
        shown: true,
        at: '2025-08-04T09:00:00.000Z',
      },
    ],
  };
}

/** A few entries in the ready server's log: a verification and a setting change. */
function seedAudit(): MockDb['audit'] {
  const actor = {
    user_id: DEMO_USER.id,
    discord_id: DEMO_USER.discord_id,
    username: DEMO_USER.username,
  };
  return [
    {
      server_id: SEED_SERVERS.ownerReady,
      id: 'audit-1',
      kind: 'setting_change',
      at: '2025-08-01T09:00:00.000Z',
      actor,
      setting: 'nickname_format',
      before: 'roblox_username',
      after: 'roblox_display',
    },
    {
      server_id: SEED_SERVERS.ownerReady,
      id: 'audit-2',
      kind: 'verification',
      at: '2025-08-02T10:05:00.000Z',
      actor: {
        user_id: OTHER_USER.id,
        discord_id: OTHER_USER.discord_id,
        username: OTHER_USER.username,
      },
      source: 'website',
      member: {
        user_id: OTHER_USER.id,
        discord_id: OTHER_USER.discord_id,
        username: OTHER_USER.username,
      },
      roblox_account: { roblox_id: '3000003', username: 'SomeoneElse' },
      roles_added: ['Verified'],
      roles_removed: [],
      nickname_before: null,
      nickname_after: 'SomeoneElse',
      dm_sent: true,
      warnings: [],
    },
  ];
}
