/**
 * The server owner's console (docs/product.md › Server configuration): binds, the unverified role,
 * per-server verification status, the audit log and the bot's health in a server.
 */

/** A Roblox group rank range bound to a Discord role. Ranks are 0–255, min_rank ≤ max_rank. */
export interface Bind {
  group_id: string;
  min_rank: number;
  max_rank: number;
  role_id: string;
  role_name: string;
}

/** One bind as sent by the editor: an existing role by id, or a new role the bot creates by name. */
export type BindInput = {
  group_id: string | number;
  min_rank: number;
  max_rank: number;
} & ({ role_id: string } | { role_name: string });

export interface BindGroup {
  id: string;
  name: string;
  ranks: { rank: number; name: string }[];
}

/**
 * PUT …/binds names at most this many distinct Roblox groups (400 `too_many_groups`): each group
 * costs Roblox reads on every verify and editor load, and one API's Roblox budget is shared.
 */
export const MAX_GROUPS_PER_SERVER = 25;

/** GET /api/v1/server/{id}/binds */
export interface BindsData {
  binds: Bind[];
  /** the Roblox groups the binds refer to, with their ranks, for the editor's pickers */
  groups: BindGroup[];
}

/** PUT /api/v1/server/{id}/binds: the whole list; an empty list removes the group integration. */
export interface PutBindsRequest {
  binds: BindInput[];
}

/** PUT /api/v1/server/{id}/edit/unverified-role: null turns the unverified role off. */
export interface EditUnverifiedRoleRequest {
  unverified_role_id: string | null;
}

/** Where a linked account was used to verify (LinkedAccount.verified_in), newest first. */
export interface AccountServerStatus {
  server_id: string;
  server_name: string;
  /** ISO 8601, UTC */
  verified_at: string;
}

/** DELETE /api/v1/dashboard/user/linked-account/{id}?remove_roles=true: what the bot took back. */
export interface UnlinkCleanup {
  server_id: string;
  server_name: string;
  roles_removed: string[];
  nickname_reset: boolean;
  warnings: string[];
}
export interface UnlinkData {
  cleanup: UnlinkCleanup[];
}

export type AuditSource = 'website' | 'discord' | 'staff' | 'update_all';

interface AuditBase {
  id: string;
  /** ISO 8601, UTC */
  at: string;
  /** who did it (null: RoConnect itself, e.g. a server-wide update) */
  actor: { user_id: string; discord_id: string; username: string } | null;
}

export interface VerificationAuditEntry extends AuditBase {
  kind: 'verification';
  source: AuditSource;
  member: { user_id: string; discord_id: string; username: string };
  roblox_account: { roblox_id: string; username: string };
  roles_added: string[];
  roles_removed: string[];
  nickname_before: string | null;
  nickname_after: string | null;
  dm_sent: boolean;
  warnings: string[];
}

export interface SettingAuditEntry extends AuditBase {
  kind: 'setting_change';
  /** e.g. 'nickname_format', 'verified_role', 'unverified_role', 'binds' */
  setting: string;
  before: string | null;
  after: string | null;
}

export type AuditEntry = VerificationAuditEntry | SettingAuditEntry;

/**
 * GET /api/v1/server/{id}/audit?before=&limit=&member= (newest first; `member` is a Discord user
 * id; pass `next_before` as `before` for the next page). GET …/audit/export?member= is text/csv.
 */
export interface AuditPage {
  entries: AuditEntry[];
  next_before: string | null;
}

export type HealthProblemCode =
  | 'bot_missing'
  | 'missing_manage_roles'
  | 'missing_manage_nicknames'
  | 'bot_role_too_low'
  | 'verified_role_missing'
  | 'unverified_role_missing'
  | 'bound_role_missing';

export interface HealthProblem {
  code: HealthProblemCode;
  /** what is wrong, e.g. 'The RoConnect role sits below "Member".' */
  message: string;
  /** the fix in one sentence */
  fix: string;
  /** a re-invite with the right permissions, where a permission is missing */
  reinvite_url: string | null;
}

/** GET /api/v1/server/{id}/health */
export interface ServerHealth {
  ok: boolean;
  problems: HealthProblem[];
  /** ISO 8601, UTC */
  checked_at: string;
}
