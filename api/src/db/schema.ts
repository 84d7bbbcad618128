import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Drizzle view of `api/migrations/*.sql` (the SQL files are the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  discordId: text('discord_id').notNull().unique(),
  username: text('username').notNull(),
  globalName: text('global_name'),
  avatar: text('avatar'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** 0013: kept by sign-in and refresh; two years past it the account is deleted */
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  /** 0013: whether a server the member has not chosen for shows their link once they verify there */
  privacyDefaultVisible: boolean('privacy_default_visible').notNull().default(true),
  /** 0027: the member disconnected Linked Roles; nothing is written to their role connection */
  roleConnectionsOffAt: ts('role_connections_off_at'),
});

export const discordTokens = pgTable('discord_tokens', {
  userId: uuid('user_id').primaryKey(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc').notNull(),
  expiresAt: ts('expires_at').notNull(),
  scope: text('scope').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokedReason: text('revoked_reason'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** set when a lost-rotation replay issued another successor in its place: never usable again */
  replacedAt: ts('replaced_at'),
});

export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  userId: uuid('user_id'),
  guildId: text('guild_id'),
  verifierEnc: text('verifier_enc'),
  browserHash: text('browser_hash'),
  clientCheckEnc: text('client_check_enc'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const guilds = pgTable('guilds', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon'),
  memberCount: integer('member_count').notNull().default(0),
  botPresent: boolean('bot_present').notNull().default(false),
  botCheckedAt: ts('bot_checked_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userGuilds = pgTable(
  'user_guilds',
  {
    userId: uuid('user_id').notNull(),
    guildId: text('guild_id').notNull(),
    owner: boolean('owner').notNull(),
    permissions: text('permissions').notNull(),
    canManage: boolean('can_manage').notNull(),
    /** 0020: held a manager role (staff roles) when last read live; a hint, writes read again */
    staffManager: boolean('staff_manager').notNull().default(false),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guildId] })],
);

export const guildConfigs = pgTable('guild_configs', {
  guildId: text('guild_id').primaryKey(),
  nicknameFormat: text('nickname_format').notNull().default('roblox_username'),
  verifiedRoleName: text('verified_role_name').notNull().default('Verified'),
  verifiedRoleId: text('verified_role_id'),
  groupId: text('group_id'),
  groupName: text('group_name'),
  unverifiedRoleId: text('unverified_role_id'),
  /** 0009: 'verify' | 'off' (what the gateway worker does when someone joins) */
  joinHandling: text('join_handling').notNull().default('verify'),
  joinDm: boolean('join_dm').notNull().default(false),
  logChannelId: text('log_channel_id'),
  /** why the last post to the log channel failed; null after one went through */
  logChannelError: text('log_channel_error'),
  /** 0009: 'off' | 'daily' | 'weekly' */
  resync: text('resync').notNull().default('off'),
  verifyChannelId: text('verify_channel_id'),
  verifyMessageId: text('verify_message_id'),
  /** 0012: null: nickname_format's named template */
  nicknameTemplate: text('nickname_template'),
  nicknameBypassRoleIds: jsonb('nickname_bypass_role_ids').$type<string[]>().notNull().default([]),
  roleBypassRoleIds: jsonb('role_bypass_role_ids').$type<string[]>().notNull().default([]),
  minAccountAgeDays: integer('min_account_age_days'),
  blockedRobloxUserIds: jsonb('blocked_roblox_user_ids').$type<string[]>().notNull().default([]),
  blockedGroupIds: jsonb('blocked_group_ids').$type<string[]>().notNull().default([]),
  /** 0012: 'deny' | 'kick' | 'ban' */
  restrictionAction: text('restriction_action').notNull().default('deny'),
  /** 0016: the Discord user id of who chose restriction_action; null: nobody since 0016 */
  restrictionChosenBy: text('restriction_chosen_by'),
  /** 0023: the group lock: a member in none of these Roblox groups is restricted */
  requiredGroupIds: jsonb('required_group_ids').$type<string[]>().notNull().default([]),
  /** 0023: 'off' | 'flag' | 'deny' */
  banEvasion: text('ban_evasion').notNull().default('flag'),
  /** 0020: delegated staff (domain/staff) */
  managerRoleIds: jsonb('manager_role_ids').$type<string[]>().notNull().default([]),
  updaterRoleIds: jsonb('updater_role_ids').$type<string[]>().notNull().default([]),
  setupStep: text('setup_step').notNull().default('nickname'),
  setupCompleted: boolean('setup_completed').notNull().default(false),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A Roblox group rank range → a Discord role (features/binds). */
export const groupBinds = pgTable(
  'group_binds',
  {
    guildId: text('guild_id').notNull(),
    position: integer('position').notNull(),
    /** 0012: null for a badge, game pass or item bind */
    groupId: text('group_id'),
    groupName: text('group_name'),
    minRank: integer('min_rank').notNull(),
    maxRank: integer('max_rank').notNull(),
    roleId: text('role_id').notNull(),
    roleName: text('role_name').notNull(),
    /** 0012: 'group' | 'badge' | 'gamepass' | 'asset' */
    kind: text('kind').$type<'group' | 'badge' | 'gamepass' | 'asset'>().notNull().default('group'),
    itemId: text('item_id'),
    itemName: text('item_name'),
    nickname: text('nickname'),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.position] })],
);

export const robloxAccounts = pgTable('roblox_accounts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  robloxId: text('roblox_id').notNull().unique(),
  username: text('username').notNull(),
  displayName: text('display_name').notNull(),
  avatarUrl: text('avatar_url'),
  linkedAt: ts('linked_at').notNull().defaultNow(),
  verified: boolean('verified').notNull().default(false),
});

export const verifications = pgTable('verifications', {
  id: uuid('id').primaryKey(),
  guildId: text('guild_id').notNull(),
  /** 0013: null once the member deleted their account (the entry kept, tombstoned) */
  userId: uuid('user_id'),
  robloxAccountId: uuid('roblox_account_id'),
  rolesAdded: jsonb('roles_added').$type<string[]>().notNull(),
  rolesRemoved: jsonb('roles_removed').$type<string[]>().notNull(),
  nickname: text('nickname'),
  dmSent: boolean('dm_sent').notNull(),
  warnings: jsonb('warnings').$type<string[]>().notNull(),
  source: text('source').notNull().default('website'),
  actorUserId: uuid('actor_user_id'),
  actorDiscordId: text('actor_discord_id'),
  actorUsername: text('actor_username'),
  memberDiscordId: text('member_discord_id'),
  memberUsername: text('member_username'),
  robloxId: text('roblox_id'),
  robloxUsername: text('roblox_username'),
  nicknameBefore: text('nickname_before'),
  nicknameAfter: text('nickname_after'),
  nicknameByBot: boolean('nickname_by_bot').notNull().default(false),
  roleIdsAdded: jsonb('role_ids_added').$type<string[]>().notNull().default([]),
  roleIdsRemoved: jsonb('role_ids_removed').$type<string[]>().notNull().default([]),
  /** 0017: the member asked for it themselves; only these count as consent (domain/privacy) */
  memberAsked: boolean('member_asked').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Who changed which setting of a server, before and after (features/audit). */
export const settingChanges = pgTable('setting_changes', {
  id: uuid('id').primaryKey(),
  guildId: text('guild_id').notNull(),
  actorUserId: uuid('actor_user_id'),
  actorDiscordId: text('actor_discord_id'),
  actorUsername: text('actor_username'),
  setting: text('setting').notNull(),
  before: text('before'),
  after: text('after'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** One row: the guilds the bot is in, as of `fetchedAt` (domain/guilds/bot-guilds.ts). */
export const botGuildList = pgTable('bot_guild_list', {
  id: integer('id').primaryKey().default(1),
  guildIds: jsonb('guild_ids').$type<string[]>().notNull(),
  fetchedAt: ts('fetched_at').notNull(),
});

/** Roblox groups as last read, shared by replicas (migration 0008; domain/binds/roblox-group-cache.ts). */
export const robloxGroupCache = pgTable('roblox_group_cache', {
  groupId: text('group_id').primaryKey(),
  /** null: Roblox said the group does not exist */
  name: text('name'),
  ranks: jsonb('ranks').$type<{ rank: number; name: string }[]>().notNull(),
  fetchedAt: ts('fetched_at').notNull(),
});

/** Server-wide member updates (migration 0005; features/member-updates/). */
export const memberUpdateRuns = pgTable('member_update_runs', {
  id: uuid('id').primaryKey(),
  guildId: text('guild_id').notNull(),
  requestedBy: uuid('requested_by'),
  status: text('status')
    .$type<'queued' | 'running' | 'waiting_for_owner' | 'done' | 'failed' | 'cancelled'>()
    .notNull(),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** 0018: the share of members a run may kick or ban unasked (domain/rules/removal-share.ts) */
  members: integer('members').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  removalsWaiting: integer('removals_waiting').notNull().default(0),
  removalLimit: integer('removal_limit'),
  /** 0020: only members holding this role; null: everyone */
  roleId: text('role_id'),
  listCursor: text('list_cursor').notNull().default('0'),
  listed: boolean('listed').notNull().default(false),
  error: text('error'),
  worker: text('worker'),
  heartbeatAt: ts('heartbeat_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

export const memberUpdateItems = pgTable(
  'member_update_items',
  {
    runId: uuid('run_id').notNull(),
    discordId: text('discord_id').notNull(),
    state: text('state').$type<'pending' | 'working' | 'held' | 'done' | 'failed'>().notNull(),
    listedRoles: jsonb('listed_roles').$type<string[]>().notNull(),
    listedNick: text('listed_nick'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.discordId] })],
);

/** One row per gateway shard: who holds it until when, and the session to resume (migration 0010; src/gateway). */
export const gatewayShardLeases = pgTable('gateway_shard_leases', {
  shardId: integer('shard_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: ts('expires_at').notNull(),
  shardCount: integer('shard_count'),
  sessionId: text('session_id'),
  resumeUrl: text('resume_url'),
  sequence: bigint('sequence', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** When each identify bucket may identify next, across gateway processes (migration 0010). */
export const gatewayIdentifySlots = pgTable('gateway_identify_slots', {
  rateKey: integer('rate_key').primaryKey(),
  nextAt: ts('next_at').notNull(),
});

/** The session starts (identifies) left today, shared by every gateway process (migration 0015). */
export const gatewaySessionStarts = pgTable('gateway_session_starts', {
  id: smallint('id').primaryKey(),
  remaining: integer('remaining').notNull(),
  resetAt: ts('reset_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Shards Discord closed for good, with the close code, for health (migration 0015). */
export const gatewayRefusals = pgTable('gateway_refusals', {
  shardId: integer('shard_id').primaryKey(),
  code: integer('code').notNull(),
  holder: text('holder').notNull(),
  refusedAt: ts('refused_at').notNull().defaultNow(),
});

/** A member in a server as the gateway last said: present, or gone (migration 0010; features/member-events). */
export const guildMemberPresence = pgTable(
  'guild_member_presence',
  {
    guildId: text('guild_id').notNull(),
    discordId: text('discord_id').notNull(),
    status: text('status').$type<'present' | 'gone'>().notNull(),
    seenAt: ts('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.discordId] })],
);

/** The last update-all run the scheduled resync started per server (migration 0010). */
export const guildResyncs = pgTable('guild_resyncs', {
  guildId: text('guild_id').primaryKey(),
  runId: uuid('run_id').notNull(),
  startedAt: ts('started_at').notNull(),
});

/** The role-connection metadata registered with Discord, per application (migration 0011). */
export const roleConnectionMetadata = pgTable('role_connection_metadata', {
  applicationId: text('application_id').primaryKey(),
  metadataHash: text('metadata_hash').notNull(),
  registeredAt: ts('registered_at').notNull().defaultNow(),
});

/** Whose Discord role connection holds which Roblox account's values (migration 0011). */
export const roleConnections = pgTable('role_connections', {
  userId: uuid('user_id').primaryKey(),
  robloxId: text('roblox_id').notNull(),
  writtenAt: ts('written_at').notNull().defaultNow(),
  /** 0027: the values as written (null: written before 0027) */
  platformUsername: text('platform_username'),
  metadata: jsonb('metadata').$type<Record<string, string>>(),
});

/** Badge, game pass and catalog item names as last read (migration 0012; domain/binds/item-names.ts). */
export const robloxItemCache = pgTable(
  'roblox_item_cache',
  {
    kind: text('kind').$type<'badge' | 'gamepass' | 'asset'>().notNull(),
    itemId: text('item_id').notNull(),
    /** null: Roblox said the item does not exist */
    name: text('name'),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId] })],
);

/** What a member's last verification read from Roblox, for the binds preview (migration 0012). */
export const memberRuleFacts = pgTable(
  'member_rule_facts',
  {
    guildId: text('guild_id').notNull(),
    discordId: text('discord_id').notNull(),
    robloxId: text('roblox_id').notNull(),
    /** null: never read */
    groupRanks: jsonb('group_ranks').$type<Record<string, number>>(),
    badges: jsonb('badges').$type<Record<string, boolean>>().notNull(),
    /** `gamepass:<id>` or `asset:<id>` → owned */
    owned: jsonb('owned').$type<Record<string, boolean>>().notNull(),
    inventoryPrivate: boolean('inventory_private').notNull().default(false),
    robloxCreatedAt: ts('roblox_created_at'),
    roleIds: jsonb('role_ids').$type<string[]>().notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.discordId] })],
);

/** A member's choice to show their Roblox account in one server, or not (migration 0013; domain/privacy). */
export const privacyConsents = pgTable(
  'privacy_consents',
  {
    userId: uuid('user_id').notNull(),
    guildId: text('guild_id').notNull(),
    visible: boolean('visible').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.guildId] })],
);

/** Each /whois or developer-API lookup of a member, listed only to them (migration 0013; domain/privacy). */
export const privacyLookups = pgTable('privacy_lookups', {
  id: uuid('id').primaryKey(),
  subjectUserId: uuid('subject_user_id').notNull(),
  guildId: text('guild_id').notNull(),
  source: text('source').$type<'whois' | 'api'>().notNull(),
  actorDiscordId: text('actor_discord_id'),
  actorName: text('actor_name'),
  apiKeyId: uuid('api_key_id'),
  shown: boolean('shown').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A server's developer API keys, stored as their SHA-256 (migration 0014; domain/api-keys). */
export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  guildId: text('guild_id').notNull(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyPrefix: text('key_prefix').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

/** Every call made with an API key (migration 0014; domain/api-keys). */
export const apiKeyCalls = pgTable('api_key_calls', {
  id: uuid('id').primaryKey(),
  keyId: uuid('key_id').notNull(),
  guildId: text('guild_id').notNull(),
  method: text('method').notNull(),
  route: text('route').notNull(),
  status: integer('status').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A server's outbound webhook (migration 0014; domain/webhooks). */
export const webhooks = pgTable('webhooks', {
  guildId: text('guild_id').primaryKey(),
  url: text('url').notNull(),
  secretEnc: text('secret_enc').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Events sent to a server's webhook (migration 0014; domain/webhooks). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey(),
  guildId: text('guild_id').notNull(),
  event: text('event')
    .$type<'member.verified' | 'member.updated' | 'member.unlinked' | 'webhook.test'>()
    .notNull(),
  body: text('body'),
  status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

/** Which Discord accounts verified with which Roblox account in a server (migration 0023; domain/rules/sightings). */
export const robloxSightings = pgTable(
  'roblox_sightings',
  {
    guildId: text('guild_id').notNull(),
    robloxId: text('roblox_id').notNull(),
    discordId: text('discord_id').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.robloxId, t.discordId] })],
);

/** A server's own words, as templates; null: RoConnect's text (migration 0024; domain/messages). */
export const serverMessages = pgTable('server_messages', {
  guildId: text('guild_id').primaryKey(),
  verifiedDm: text('verified_dm'),
  welcomeDm: text('welcome_dm'),
  verifyTitle: text('verify_title'),
  verifyBody: text('verify_body'),
  verifyButtonLabel: text('verify_button_label'),
  /** the plain text the Verify message was last posted with; null: the default */
  verifyText: text('verify_text'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
