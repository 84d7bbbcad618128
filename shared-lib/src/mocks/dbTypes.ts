// The shape of the mock API's data set: db.ts holds one, seed.ts fills it.
import type {
  AuditEntry,
  BindRule,
  GroupBind,
  ItemBindKind,
  Restrictions,
} from '../contract/console';
import type { LookupData } from '../contract/privacy';
import type { ServerMessages } from '../contract/messages';
import type {
  BotStats,
  JoinHandling,
  LinkedAccount,
  NicknameFormat,
  ResyncSchedule,
  ServerRole,
  SetupStatus,
  User,
  VerifyResult,
} from '../contract/types';

/** A linked Roblox account and the Discord user (User.id) it belongs to. */
export interface MockLinkedAccount extends LinkedAccount {
  owner_id: string;
}

export interface MockMember {
  user_id: string;
  owner: boolean;
  /** Manage Server or Administrator */
  can_manage: boolean;
}

/** A Discord server as the API knows it, with the per-server setup and configuration. */
export interface MockServer {
  id: string;
  server_id: string;
  server_name: string;
  server_icon: string | null;
  member_count: number;
  bot_added: boolean;
  /** false until a sync: lets a test show that sync-servers brings in a server Discord knows about */
  listed: boolean;
  members: MockMember[];
  setup: SetupStatus;
  nickname_format: NicknameFormat;
  /** the server's own nickname template; absent or null: nickname_format's named template */
  nickname_template?: string | null;
  /** members with one of these roles keep their nickname (absent: none) */
  nickname_bypass_role_ids?: string[];
  /** members with one of these roles keep their roles (absent: none) */
  role_bypass_role_ids?: string[];
  /** delegated staff: manager and updater role ids (absent: none) */
  manager_role_ids?: string[];
  updater_role_ids?: string[];
  /** who may not verify here (absent: nobody is restricted) */
  restrictions?: Restrictions;
  /**
   * Who a restriction catches here beyond the blocked accounts, by Roblox account id, and why in
   * the API's words (absent: nobody). The mock does not judge account ages or group blocks: the
   * scenario states the outcome, and verification and the preview answer it.
   */
  restricted_accounts?: Record<string, NonNullable<VerifyResult['restricted']>>;
  verified_role_name: string;
  verified_role_id: string | null;
  group_id: string | null;
  unverified_role_id: string | null;
  join_handling: JoinHandling;
  join_dm: boolean;
  log_channel_id: string | null;
  resync: ResyncSchedule;
  /** the server's channels, and whether the bot may post in each */
  channels: MockChannel[];
  /** what the bot posted in the server's channels (the Verify messages) */
  posted: MockPostedMessage[];
  /** the channel of the last Verify message, for the health check; null once removed */
  verify_channel_id: string | null;
  /** the server's own words (absent: RoConnect's) */
  messages?: ServerMessages;
  /** Discord role created for each group rank (rank → role id) */
  group_roles: { rank: number; role_id: string }[];
  /** Roblox group rank ranges bound to Discord roles, in the owner's order */
  binds: MockBind[];
  bot_role_position: number;
  /** the bot's permissions in the server, for the health check */
  bot_permissions: { manage_roles: boolean; manage_nicknames: boolean };
  /** Discord roles each member has (user id → role ids), as verification leaves them */
  member_roles: Record<string, string[]>;
  roles: Omit<ServerRole, 'assignable'>[];
}

export interface MockChannel {
  id: string;
  name: string;
  /** 0 text, 2 voice, 4 category, 5 announcement */
  type: number;
  bot_can_post: boolean;
}

export interface MockPostedMessage {
  id: string;
  channel_id: string;
  content: string;
  custom_id: string;
}

/**
 * A bind as the mock API stores it: the contract's bind (contract/console.ts) with the role by id
 * only (its name is read from the server's roles), the nickname and priority left out when unset
 * (absent: the server's template, priority 0), and an item kind's id in one `item_id` column, as
 * the API's table keeps it.
 */
type MockBindRule = Pick<BindRule, 'role_id'> & Partial<Pick<BindRule, 'nickname' | 'priority'>>;

/** A Roblox group rank range bound to a role (`kind` absent: a group bind, as before kinds). */
export type MockGroupBind = MockBindRule &
  Omit<GroupBind, keyof BindRule | 'kind'> & { kind?: GroupBind['kind'] };

/** A badge awarded, or a game pass or catalog item owned, bound to a role. */
export type MockItemBind = MockBindRule & { kind: ItemBindKind; item_id: string };

export type MockBind = MockGroupBind | MockItemBind;

/** A badge, game pass or catalog item Roblox knows. */
export interface MockRobloxItem {
  kind: ItemBindKind;
  id: string;
  name: string;
}

/** What Roblox says of one account beyond its groups (absent: nothing awarded or owned). */
export interface MockRobloxUser {
  badges: string[];
  /** game passes and catalog items owned */
  inventory: string[];
  inventory_private: boolean;
  /** when the account was made (ISO 8601) */
  created: string;
}

export interface MockGroup {
  id: string;
  name: string;
  ranks: { rank: number; name: string }[];
  /** Roblox account id → rank in the group (not listed: rank 0) */
  member_ranks?: Record<string, number>;
}

/** An audit entry with the server it belongs to. */
export type MockAuditEntry = AuditEntry & { server_id: string };

export interface MockSession {
  user_id: string;
  access_token: string;
  refresh_token: string;
  /** Discord authorisation can no longer be refreshed: 401 with x-token-expired */
  discord_expired?: boolean;
  revoked?: boolean;
  used_refresh_tokens: string[];
}

/** The members' privacy choices and who looked them up (handlers/privacy.ts). */
export interface MockPrivacy {
  /** by user id: the default for new servers and the choice per server id */
  choices: Record<string, { default_visible: boolean; servers: Record<string, boolean> }>;
  lookups: (LookupData & { subject_user_id: string })[];
}

export interface MockDb {
  users: User[];
  linkedAccounts: MockLinkedAccount[];
  servers: MockServer[];
  groups: MockGroup[];
  /** badges, game passes and catalog items (absent: none) */
  robloxItems?: MockRobloxItem[];
  /** by Roblox account id (absent: no badges, nothing owned, made long ago) */
  robloxUsers?: Record<string, MockRobloxUser>;
  botStats: BotStats;
  sessions: MockSession[];
  robloxConfigured: boolean;
  /** every server's audit log, in the order things happened */
  audit: MockAuditEntry[];
  /** privacy choices and lookups (absent: nobody chose, nobody looked anyone up) */
  privacy?: MockPrivacy;
  /** users who disconnected Linked Roles (handlers/linkedRoles.ts; absent: nobody) */
  linkedRolesOff?: string[];
  /** counter for ids the handlers create (roles, tokens) */
  nextId: number;
}
