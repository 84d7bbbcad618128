import type { AccountServerStatus } from './console';
/**
 * Contract types for the RoConnect HTTP API.
 * The API's OpenAPI document must describe the same shapes; `api/` has a test that checks it.
 */

/** Every API response body is one of these envelopes. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
}
export interface ApiFailure {
  success: false;
  error: string;
  message: string;
}
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

export const NICKNAME_FORMATS = [
  'roblox_username',
  'roblox_display',
  'discord_display',
  'discord_username',
  'discord_display_with_roblox',
  'none',
] as const;
export type NicknameFormat = (typeof NICKNAME_FORMATS)[number];

export const SETUP_STEPS = ['nickname', 'verified_role', 'group'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface User {
  id: string;
  discord_id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export interface BotStats {
  total_users: number;
  total_servers: number;
}

/** GET /api/health (= /api/health/ready): 200 while ready, 503 `unavailable` when not */
export interface Health {
  /** degraded: ready, but Redis does not answer and rate limits count per replica */
  status: 'ok' | 'degraded' | 'unavailable';
  database: 'ok' | 'unavailable';
  /** the shared rate-limit counters, when REDIS_URL is set; degraded: counted in memory meanwhile */
  redis: 'ok' | 'degraded' | 'not_configured';
  /** the background job engine */
  jobs: 'ok' | 'unavailable' | 'off';
}

export interface LinkedAccount {
  id: string;
  roblox_id: string;
  roblox_username: string;
  roblox_display_name: string;
  roblox_avatar: string | null;
  /** ISO 8601, UTC */
  linked_at: string;
  verified: boolean;
  /** the servers this account verified in, newest first */
  verified_in: AccountServerStatus[];
}

export interface Server {
  id: string;
  server_id: string;
  server_name: string;
  server_icon: string | null;
  owner: boolean;
  member_count: number;
  bot_added: boolean;
  can_manage: boolean;
}

export interface SetupStatus {
  setup_completed: boolean;
  setup_step: SetupStep | null;
}

export interface ServerConfig {
  server_name: string;
  nickname_format: NicknameFormat;
  verified_role_name: string;
  verified_role_id: string | null;
  group_id: string | null;
  /** given to members who are not verified, removed when they verify; null when off */
  unverified_role_id: string | null;
}

export interface ServerRole {
  id: string;
  name: string;
  position: number;
  /** false when the role sits at or above the bot's highest role (or is managed/@everyone) */
  assignable: boolean;
}

export interface GroupSummary {
  id: string;
  name: string;
  ranks: { rank: number; name: string; discord_role_id: string | null }[];
}

export interface VerifyResult {
  roles_updated: boolean;
  nickname_updated: boolean;
  dm_sent: boolean;
  roles_added: string[];
  roles_removed: string[];
  nickname: string | null;
  warnings: string[];
}

// ---- Request bodies and response data, call by call ----

export interface AuthUrlData {
  auth_url: string;
}
export interface RefreshRequest {
  refresh_token: string;
}
export interface RefreshData {
  access_token: string;
  refresh_token: string;
  /** seconds until the access token expires */
  expires_in: number;
}
export type EmptyData = Record<string, never>;

export interface ManualSyncData {
  checked: number;
  bot_present: number;
}
export interface InviteUrlData {
  invite_url: string;
}
export interface VerifyInServerRequest {
  server_id: string;
  account_id: string;
}
export interface RobloxStatusData {
  configured: boolean;
}
export interface ServerConfigData {
  server_config: ServerConfig;
}
export interface SetupNicknameRequest {
  nickname_format: NicknameFormat;
}
export interface SetupNicknameData {
  setup_step: SetupStep | null;
}
export interface SetupVerifiedRoleRequest {
  verified_role_name: string;
}
export interface SetupVerifiedRoleData {
  verified_role_id: string;
  setup_step: SetupStep | null;
}
export type SetupGroupRequest =
  { group_id: string | number } | { group_url: string } | { skip: true };
export interface SetupGroupData {
  setup_completed: boolean;
  group_id: string | null;
  group_name: string | null;
  roles_created: string[];
}
export interface ServerEditData {
  server_config: ServerConfig;
  roles: ServerRole[];
  group: GroupSummary | null;
}
export interface EditVerifiedRoleRequest {
  verified_role_name: string;
  verified_role_id: string | null;
}
export type EditGroupRequest = { group_url: string } | { group_id: string | number };

/** The page nonce served by the shell's own server (no envelope). */
export interface CspNonceResponse {
  nonce: string;
}
