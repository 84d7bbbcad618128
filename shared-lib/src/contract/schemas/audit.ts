import { Type } from 'typebox';
import { AUDIT_ACTIONS, AUDIT_NAME_FILTER_MAX_LENGTH } from '../auditFilters';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';

const Person = Type.Object(
  {
    user_id: Type.String(),
    discord_id: Type.String(),
    username: Type.String({ description: 'their Discord username when the entry was made' }),
    name: Type.Optional(
      Type.String({
        description:
          'their Discord display name as RoConnect last saw it, else their username, else their id',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * A piece of an entry's text: plain words, or a Discord role, channel or user by its name as the
 * server has it now (by `id` when no name is known), with the id to show on hover or copy.
 */
export const AuditTextPartSchema = Type.Object(
  {
    text: Type.String(),
    kind: Type.Optional(
      Type.Union([Type.Literal('role'), Type.Literal('channel'), Type.Literal('user')]),
    ),
    id: Type.Optional(Type.String({ description: 'the Discord id this part names' })),
  },
  { additionalProperties: false },
);
const Parts = (description: string) => Type.Array(AuditTextPartSchema, { description });
const base = {
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Nullable(Person),
};

/** Where a verification came from: the website, a slash command, staff, an update of all members, or a developer-API key. */
export const AuditSourceSchema = Type.Union([
  Type.Literal('website'),
  Type.Literal('discord'),
  Type.Literal('staff'),
  Type.Literal('update_all'),
  Type.Literal('api'),
]);
export const VerificationAuditEntrySchema = Type.Object(
  {
    ...base,
    kind: Type.Literal('verification'),
    source: AuditSourceSchema,
    member: Person,
    roblox_account: Type.Object(
      { roblox_id: Type.String(), username: Type.String() },
      { additionalProperties: false },
    ),
    roles_added: Type.Array(Type.String()),
    roles_removed: Type.Array(Type.String()),
    roles_added_named: Type.Optional(
      Parts('the roles added, by their names now (roles_added has the names of the time)'),
    ),
    roles_removed_named: Type.Optional(Parts('the roles removed, by their names now')),
    nickname_before: Nullable(Type.String()),
    nickname_after: Nullable(Type.String()),
    dm_sent: Type.Boolean(),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export const SettingAuditEntrySchema = Type.Object(
  {
    ...base,
    kind: Type.Literal('setting_change'),
    setting: Type.String({
      description:
        "'nickname_format', 'verified_role', 'unverified_role', 'binds', 'log_channel', 'join_handling', 'join_dm', 'resync', 'verify_message', 'bypass_roles', 'restrictions', 'api_keys' or 'webhook'",
    }),
    before: Nullable(Type.String()),
    after: Nullable(Type.String()),
    before_named: Type.Optional(
      Nullable(Parts('`before` with the roles, channels and users it names by their names now')),
    ),
    after_named: Type.Optional(
      Nullable(Parts('`after` with the roles, channels and users it names by their names now')),
    ),
  },
  { additionalProperties: false },
);
export const AuditEntrySchema = Type.Union([VerificationAuditEntrySchema, SettingAuditEntrySchema]);
export const AuditPageSchema = Type.Object(
  {
    entries: Type.Array(AuditEntrySchema),
    next_before: Nullable(
      Type.String({ description: 'pass as `before` for the next page; null on the last page' }),
    ),
  },
  { additionalProperties: false },
);

const Member = Snowflake('only this Discord user’s verifications and the changes they made');
/** The filters the page and the export share. */
const filters = {
  member: Type.Optional(Member),
  name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: AUDIT_NAME_FILTER_MAX_LENGTH,
      description:
        'only entries whose member or actor has a name (username or display name) containing this, in any case',
    }),
  ),
  action: Type.Optional(
    Type.Enum([...AUDIT_ACTIONS], {
      description: "only verifications ('verification') or changes of this one setting",
    }),
  ),
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'only entries at or after this: an ISO 8601 date (from its start, UTC) or date and time',
    }),
  ),
  to: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'only entries before this: an ISO 8601 date (to its end, UTC) or date and time (exclusive)',
    }),
  ),
};
export const AuditQuerySchema = Type.Object(
  {
    before: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'next_before of the previous page, or an ISO 8601 time',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'entries per page, 1–100 (25)' }),
    ),
    ...filters,
  },
  { additionalProperties: false },
);
export const AuditExportQuerySchema = Type.Object(filters, { additionalProperties: false });

const common = { tags: ['servers'], security: [{ bearerAuth: [] }], params: ServerIdParams };

export const auditRoute = {
  ...common,
  summary: 'The server’s audit log, newest first (verifications and setting changes)',
  querystring: AuditQuerySchema,
  response: { 200: Ok(AuditPageSchema), ...errors(401, 403) },
};
export const auditExportRoute = {
  ...common,
  summary: 'The whole audit log as CSV (a header row, then newest first)',
  querystring: AuditExportQuerySchema,
  produces: ['text/csv'],
  response: {
    200: {
      description: 'text/csv; Content-Disposition: attachment',
      content: { 'text/csv': { schema: Type.String() } },
    },
    ...errors(401, 403, 429),
  },
};
