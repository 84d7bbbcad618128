import { Type } from 'typebox';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';

const Person = Type.Object(
  { user_id: Type.String(), discord_id: Type.String(), username: Type.String() },
  { additionalProperties: false },
);
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
    member: Type.Optional(Member),
  },
  { additionalProperties: false },
);
export const AuditExportQuerySchema = Type.Object(
  { member: Type.Optional(Member) },
  { additionalProperties: false },
);

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
