/**
 * The server owner's console (docs/product.md › Server configuration): binds, the unverified role,
 * per-server verification status, the audit log and the bot's health in a server. Each type is the
 * `Static` form of the API's schema (./schemas), imported as a type only.
 */
import type { Static } from 'typebox';
import type {
  AuditEntrySchema,
  AuditPageSchema,
  AuditSourceSchema,
  SettingAuditEntrySchema,
  VerificationAuditEntrySchema,
} from './schemas/audit';
import type {
  BindGroupSchema,
  BindInputSchema,
  BindSchema,
  BindsDataSchema,
  PutBindsBodySchema,
} from './schemas/binds';
import type {
  AccountServerStatusSchema,
  UnlinkCleanupSchema,
  UnlinkDataSchema,
} from './schemas/dashboard';
import type {
  HealthProblemCodeSchema,
  HealthProblemSchema,
  ServerHealthSchema,
} from './schemas/health';
import type { EditUnverifiedRoleBodySchema } from './schemas/servers';
import type { ExactlyOneOf } from './types';

export { MAX_BINDS, MAX_GROUPS_PER_SERVER } from './constants';

/** A Roblox group rank range bound to a Discord role. Ranks are 0–255, min_rank ≤ max_rank. */
export type Bind = Static<typeof BindSchema>;

type BindInputFields = Static<typeof BindInputSchema>;
/**
 * One bind as sent by the editor: an existing role by id, or a new role the bot creates by name
 * (exactly one of the two; the API refuses both or neither).
 */
export type BindInput = Omit<BindInputFields, 'role_id' | 'role_name'> &
  ExactlyOneOf<Pick<BindInputFields, 'role_id' | 'role_name'>>;

export type BindGroup = Static<typeof BindGroupSchema>;

/** GET /api/v1/server/{id}/binds */
export type BindsData = Static<typeof BindsDataSchema>;

/** PUT /api/v1/server/{id}/binds: the whole list; an empty list removes the group integration. */
export type PutBindsRequest = Omit<Static<typeof PutBindsBodySchema>, 'binds'> & {
  binds: BindInput[];
};

/** PUT /api/v1/server/{id}/edit/unverified-role: null turns the unverified role off. */
export type EditUnverifiedRoleRequest = Static<typeof EditUnverifiedRoleBodySchema>;

/** Where a linked account was used to verify (LinkedAccount.verified_in), newest first. */
export type AccountServerStatus = Static<typeof AccountServerStatusSchema>;

/** DELETE /api/v1/dashboard/user/linked-account/{id}?remove_roles=true: what the bot took back. */
export type UnlinkCleanup = Static<typeof UnlinkCleanupSchema>;
export type UnlinkData = Static<typeof UnlinkDataSchema>;

export type AuditSource = Static<typeof AuditSourceSchema>;
export type VerificationAuditEntry = Static<typeof VerificationAuditEntrySchema>;
export type SettingAuditEntry = Static<typeof SettingAuditEntrySchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;

/**
 * GET /api/v1/server/{id}/audit?before=&limit=&member= (newest first; `member` is a Discord user
 * id; pass `next_before` as `before` for the next page). GET …/audit/export?member= is text/csv.
 */
export type AuditPage = Static<typeof AuditPageSchema>;

export type HealthProblemCode = Static<typeof HealthProblemCodeSchema>;
export type HealthProblem = Static<typeof HealthProblemSchema>;

/** GET /api/v1/server/{id}/health */
export type ServerHealth = Static<typeof ServerHealthSchema>;
