import { Type, type Static } from 'typebox';
import { Nullable, Ok, Snowflake, Uuid, errors } from './common';
import { UnlinkCleanupSchema } from './dashboard';

/** One server in the member's privacy choices: whether their Roblox account is shown there. */
export const PrivacyServerSchema = Type.Object(
  {
    server_id: Snowflake('the server (guild) id'),
    server_name: Type.String(),
    visible: Type.Boolean({
      description: 'true: /whois, the developer API and the log channel may name the account here',
    }),
    verified: Type.Boolean({ description: 'the member verified in this server' }),
  },
  { additionalProperties: false },
);
export type PrivacyServerData = Static<typeof PrivacyServerSchema>;

export const PrivacySettingsSchema = Type.Object(
  {
    default_visible: Type.Boolean({
      description:
        'what a server the member has not chosen for gets once they verify there (shown by default)',
    }),
    servers: Type.Array(PrivacyServerSchema, {
      description: 'every server where the member verified or made a choice',
    }),
  },
  { additionalProperties: false },
);
/** GET /api/v1/dashboard/user/privacy → this (and PUT answers it). */
export type PrivacySettingsData = Static<typeof PrivacySettingsSchema>;

export const PrivacyChoiceSchema = Type.Object(
  {
    default_visible: Type.Boolean({ description: 'the default for servers not listed' }),
    servers: Type.Array(
      Type.Object(
        {
          server_id: Snowflake('a server the member is in or verified in'),
          visible: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500, description: 'choices per server; servers not listed keep theirs' },
    ),
  },
  { additionalProperties: false },
);
/** PUT /api/v1/dashboard/user/privacy body. */
export type PrivacyChoice = Static<typeof PrivacyChoiceSchema>;

export const LookupSchema = Type.Object(
  {
    id: Uuid('lookup id'),
    server_id: Type.String(),
    server_name: Type.String(),
    source: Type.Union([Type.Literal('whois'), Type.Literal('api')]),
    actor_discord_id: Nullable(
      Type.String({ description: 'who ran /whois; null for an API key or a deleted account' }),
    ),
    actor_name: Nullable(Type.String({ description: "their name then, or the API key's name" })),
    api_key_id: Nullable(Type.String()),
    shown: Type.Boolean({ description: 'the answer showed the Roblox account' }),
    at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
/** GET /api/v1/dashboard/user/lookups → a list of these. */
export type LookupData = Static<typeof LookupSchema>;

/**
 * Everything RoConnect holds about the caller. `records` has every stored row that names them,
 * by table, without secrets (no token hashes, no provider tokens, no OAuth verifiers).
 */
export const AccountExportSchema = Type.Object(
  {
    format: Type.Literal('roconnect-export-1'),
    exported_at: Type.String({ format: 'date-time' }),
    profile: Type.Object({}, { additionalProperties: true }),
    linked_accounts: Type.Array(Type.Object({}, { additionalProperties: true })),
    privacy: PrivacySettingsSchema,
    lookups: Type.Array(LookupSchema),
    sessions: Type.Array(Type.Object({}, { additionalProperties: true })),
    records: Type.Record(
      Type.String(),
      Type.Array(Type.Object({}, { additionalProperties: true })),
    ),
  },
  { additionalProperties: false },
);
/** GET /api/v1/dashboard/user/export → this, as an attachment. */
export type AccountExport = Static<typeof AccountExportSchema>;

export const DeletedAccountSchema = Type.Object(
  {
    deleted: Type.Literal(true),
    cleanup: Type.Array(UnlinkCleanupSchema, {
      description: 'per server: the roles taken back and the nickname reset',
    }),
  },
  { additionalProperties: false },
);
/** DELETE /api/v1/dashboard/user → this. */
export type DeletedAccount = Static<typeof DeletedAccountSchema>;

const auth = { security: [{ bearerAuth: [] }] };
const tags = ['privacy'];

export const getPrivacyRoute = {
  tags,
  ...auth,
  summary: 'Where the caller’s Roblox account may be shown: per server, and the default',
  response: { 200: Ok(PrivacySettingsSchema), ...errors(401) },
};
export const putPrivacyRoute = {
  tags,
  ...auth,
  summary: 'Save the default for new servers and a choice per server',
  body: PrivacyChoiceSchema,
  response: { 200: Ok(PrivacySettingsSchema), ...errors(401) },
};
export const lookupsRoute = {
  tags,
  ...auth,
  summary: 'Who looked the caller up (/whois, the developer API), newest first',
  response: { 200: Ok(Type.Array(LookupSchema)), ...errors(401) },
};
export const exportRoute = {
  tags,
  ...auth,
  summary: 'Everything held about the caller, as a JSON file to download',
  response: { 200: AccountExportSchema, ...errors(401) },
};
export const deleteAccountRoute = {
  tags,
  ...auth,
  summary:
    'Delete the caller’s account: links, tokens and sessions; roles taken back in every server; audit entries kept, tombstoned. 403 sign_in_again: the session signed in more than 10 minutes ago',
  response: { 200: Ok(DeletedAccountSchema), ...errors(401, 403) },
};
