/**
 * The server owner's console (docs/product.md › Server configuration): binds, the unverified role,
 * per-server verification status, the audit log and the bot's health in a server. Each type is the
 * `Static` form of the API's schema (./schemas), imported as a type only.
 */
import type { Static } from 'typebox';
import type {
  AuditEntrySchema,
  AuditExportQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  AuditSourceSchema,
  AuditTextPartSchema,
  SettingAuditEntrySchema,
  VerificationAuditEntrySchema,
} from './schemas/audit';
import type {
  BindGroupSchema,
  BindInputSchema,
  BindItemSchema,
  BindLookupDataSchema,
  BindLookupQuerySchema,
  BindSchema,
  BindsDataSchema,
  BindsPreviewDataSchema,
  PreviewRefusalSchema,
  PreviewRoleSchema,
  PutBindsBodySchema,
} from './schemas/binds';
import type {
  AccountServerStatusSchema,
  UnlinkCleanupSchema,
  UnlinkDataSchema,
  UnlinkQuerySchema,
} from './schemas/dashboard';
import type {
  HealthProblemCodeSchema,
  HealthProblemSchema,
  ServerHealthSchema,
} from './schemas/health';
import type {
  EditBypassRolesBodySchema,
  EditRestrictionsBodySchema,
  EditUnverifiedRoleBodySchema,
  RestrictionsSchema,
} from './schemas/servers';
import type { ExactlyOneOf } from './types';
import type { AUDIT_ACTIONS } from './auditFilters';
import type { BIND_KIND_FIELDS, BIND_KINDS } from './constants';

export { AUDIT_ACTIONS, AUDIT_NAME_FILTER_MAX_LENGTH } from './auditFilters';
export {
  BIND_KIND_FIELDS,
  BIND_KINDS,
  BIND_PRIORITY_MAX,
  BIND_PRIORITY_MIN,
  MAX_BINDS,
  MAX_BLOCKED_GROUPS,
  MAX_BLOCKED_ROBLOX_USERS,
  MAX_BYPASS_ROLES,
  MAX_GROUPS_PER_SERVER,
  MAX_ITEMS_PER_SERVER,
  MAX_MIN_ACCOUNT_AGE_DAYS,
  NICKNAME_MAX_LENGTH,
  NICKNAME_PRESET_TEMPLATES,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  NICKNAME_TOKENS,
  RESTRICTION_ACTIONS,
} from './constants';

/** what a bind checks on Roblox */
export type BindKind = (typeof BIND_KINDS)[number];
/** a bind kind that names one Roblox item */
export type ItemBindKind = Exclude<BindKind, 'group'>;

// The bind's shape is written once: its fields are the schema's (./schemas/binds.ts), and which
// of them each kind has is BIND_KIND_FIELDS; the types below only put the two together.

/** the fields that say what a bind of kind K checks */
export type BindKindField<K extends BindKind = BindKind> = (typeof BIND_KIND_FIELDS)[K][number];
/** A saved bind's fields as the schema has them, every kind's optional (BindSchema). */
export type BindFields = Static<typeof BindSchema>;
/** What a saved bind gives besides what it checks: the role, its name, nickname and priority. */
export type BindRule = Pick<BindFields, 'role_id' | 'role_name' | 'nickname' | 'priority'>;
/** A saved bind of one kind: its kind's fields, all present, and its rule. */
export type BindOfKind<K extends BindKind> = BindRule & { kind: K } & Required<
    Pick<BindFields, BindKindField<K>>
  >;
/** A Roblox group rank range bound to a Discord role. Ranks are 0–255, min_rank ≤ max_rank. */
export type GroupBind = BindOfKind<'group'>;
/** A Roblox badge awarded to the member → a Discord role. */
export type BadgeBind = BindOfKind<'badge'>;
/** A Roblox game pass the member owns → a Discord role. */
export type GamepassBind = BindOfKind<'gamepass'>;
/** A Roblox catalog item (asset) the member owns → a Discord role. */
export type AssetBind = BindOfKind<'asset'>;
/** A saved bind, by kind (GET/PUT …/binds). */
export type Bind = { [K in BindKind]: BindOfKind<K> }[BindKind];

/** One bind's fields as sent, every kind's optional (BindInputSchema; the API's checks read it). */
export type BindInputFields = Static<typeof BindInputSchema>;
type BindInputRule = Pick<BindInputFields, 'nickname' | 'priority'> &
  ExactlyOneOf<Pick<BindInputFields, 'role_id' | 'role_name'>>;
type BindInputOfKind<K extends BindKind> = Required<Pick<BindInputFields, BindKindField<K>>> &
  (K extends 'group' ? { kind?: K } : { kind: K });
/**
 * One bind as sent by the editor: its kind's fields (a group bind may leave `kind` out), an
 * existing role by id or a new role the bot creates by name (exactly one of the two; the API
 * refuses both or neither), and optionally a nickname template and a priority.
 */
export type BindInput = BindInputRule & { [K in BindKind]: BindInputOfKind<K> }[BindKind];

export type BindGroup = Static<typeof BindGroupSchema>;
/** a badge, game pass or catalog item a bind names, with its name (null: Roblox does not know it) */
export type BindItem = Static<typeof BindItemSchema>;

/** GET /api/v1/server/{id}/binds */
export type BindsData = Omit<Static<typeof BindsDataSchema>, 'binds'> & { binds: Bind[] };

/** PUT /api/v1/server/{id}/binds: the whole list; an empty list removes the group integration. */
export type PutBindsRequest = Omit<Static<typeof PutBindsBodySchema>, 'binds'> & {
  binds: BindInput[];
};

/** POST /api/v1/server/{id}/binds/preview takes the same body as PUT …/binds. */
export type PreviewBindsRequest = PutBindsRequest;
export type PreviewRole = Static<typeof PreviewRoleSchema>;
export type PreviewRefusal = Static<typeof PreviewRefusalSchema>;
/** POST /api/v1/server/{id}/binds/preview: nothing is changed, Roblox is not asked. */
export type BindsPreviewData = Static<typeof BindsPreviewDataSchema>;
/** GET /api/v1/server/{id}/binds/lookup?kind=&id= (404 `not_found` when Roblox has no such thing) */
export type BindLookupData = Static<typeof BindLookupDataSchema>;
/** GET …/binds/lookup?kind=&id= */
export type BindLookupQuery = Static<typeof BindLookupQuerySchema>;

/** Who may not verify in a server, and what happens to them. */
export type Restrictions = Static<typeof RestrictionsSchema>;
/** A server's restrictions before its owner sets any: nobody is restricted. */
export const NO_RESTRICTIONS: Restrictions = {
  min_account_age_days: null,
  blocked_roblox_user_ids: [],
  blocked_group_ids: [],
  required_group_ids: [],
  ban_evasion: 'flag',
  action: 'deny',
};
/** PUT /api/v1/server/{id}/edit/restrictions (answers ServerConfigData) */
export type EditRestrictionsRequest = Static<typeof EditRestrictionsBodySchema>;
/** PUT /api/v1/server/{id}/edit/bypass-roles: both whole lists (answers ServerConfigData) */
export type EditBypassRolesRequest = Static<typeof EditBypassRolesBodySchema>;

/** PUT /api/v1/server/{id}/edit/unverified-role: null turns the unverified role off. */
export type EditUnverifiedRoleRequest = Static<typeof EditUnverifiedRoleBodySchema>;

/** Where a linked account was used to verify (LinkedAccount.verified_in), newest first. */
export type AccountServerStatus = Static<typeof AccountServerStatusSchema>;

/** DELETE /api/v1/dashboard/user/linked-account/{id}?remove_roles=true: what the bot took back. */
export type UnlinkCleanup = Static<typeof UnlinkCleanupSchema>;
export type UnlinkData = Static<typeof UnlinkDataSchema>;
/** `?remove_roles=true` also takes back what the bot gave with the account. */
export type UnlinkQuery = Static<typeof UnlinkQuerySchema>;

export type AuditSource = Static<typeof AuditSourceSchema>;
export type VerificationAuditEntry = Static<typeof VerificationAuditEntrySchema>;
export type SettingAuditEntry = Static<typeof SettingAuditEntrySchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;
/** A piece of an entry's text: words, or a role, channel or user by name with its id. */
export type AuditTextPart = Static<typeof AuditTextPartSchema>;
/** What the action filter takes: 'verification' or a setting. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * GET /api/v1/server/{id}/audit?before=&limit=&member=&name=&action=&from=&to= (newest first;
 * `member` is a Discord user id, `name` part of a member's or actor's name; pass `next_before` as
 * `before` for the next page). GET …/audit/export with the same filters is text/csv.
 */
export type AuditPage = Static<typeof AuditPageSchema>;
export type AuditPageQuery = Static<typeof AuditQuerySchema>;
/** GET …/audit/export?member=: the CSV file (no envelope) */
export type AuditExportQuery = Static<typeof AuditExportQuerySchema>;

export type HealthProblemCode = Static<typeof HealthProblemCodeSchema>;
export type HealthProblem = Static<typeof HealthProblemSchema>;

/** GET /api/v1/server/{id}/health */
export type ServerHealth = Static<typeof ServerHealthSchema>;
