import { Type } from 'typebox';
import { EmptyObject, Nullable, Ok, Snowflake, Uuid, errors } from './common';

export const ServerSchema = Type.Object(
  {
    id: Snowflake('same as server_id'),
    server_id: Snowflake('Discord server (guild) id'),
    server_name: Type.String(),
    server_icon: Nullable(Type.String({ description: 'Discord icon hash' })),
    owner: Type.Boolean(),
    member_count: Type.Integer(),
    bot_added: Type.Boolean(),
    can_manage: Type.Boolean(),
    staff: Type.Optional(
      Type.Boolean({
        description:
          'true: the user manages this server through one of its manager roles, without Manage Server (docs/product.md › Staff)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AccountServerStatusSchema = Type.Object(
  {
    server_id: Snowflake('the server (guild) id'),
    server_name: Type.String(),
    verified_at: Type.String({ format: 'date-time', description: 'the newest verification there' }),
  },
  { additionalProperties: false },
);

export const LinkedAccountSchema = Type.Object(
  {
    id: Uuid('linked account id'),
    roblox_id: Type.String(),
    roblox_username: Type.String(),
    roblox_display_name: Type.String(),
    roblox_avatar: Nullable(Type.String()),
    linked_at: Type.String({ format: 'date-time' }),
    verified: Type.Boolean(),
    verified_in: Type.Array(AccountServerStatusSchema, {
      description: 'the servers this account verified in, newest first',
    }),
  },
  { additionalProperties: false },
);

export const ManualSyncDataSchema = Type.Object(
  { checked: Type.Integer(), bot_present: Type.Integer() },
  { additionalProperties: false },
);
export const InviteUrlDataSchema = Type.Object(
  { invite_url: Type.String() },
  { additionalProperties: false },
);
export const InviteQuerySchema = Type.Object(
  { server_id: Snowflake('the server to add the bot to') },
  { additionalProperties: false },
);
export const LinkedAccountParams = Type.Object(
  { id: Uuid('linked account id') },
  { additionalProperties: false },
);

const auth = { security: [{ bearerAuth: [] }] };
const tags = ['dashboard'];

export const userServersRoute = {
  tags,
  ...auth,
  summary: 'Servers the user owns or manages (per the last sync)',
  response: { 200: Ok(Type.Array(ServerSchema)), ...errors(401) },
};
export const syncServersRoute = {
  tags,
  ...auth,
  summary: "Re-read the user's servers from Discord",
  response: { 200: Ok(Type.Array(ServerSchema)), ...errors(401, 429, 502) },
};
export const verificationServersRoute = {
  tags,
  ...auth,
  summary: 'Servers where the bot is present, setup is complete and the user is a member',
  response: { 200: Ok(Type.Array(ServerSchema)), ...errors(401) },
};
export const linkedAccountsRoute = {
  tags,
  ...auth,
  summary: "The caller's linked Roblox accounts",
  response: { 200: Ok(Type.Array(LinkedAccountSchema)), ...errors(401) },
};
export const UnlinkQuerySchema = Type.Object(
  {
    remove_roles: Type.Optional(
      Type.Boolean({
        description:
          'true: first take back, in each server the account verified in, the roles the bot gave with it and the nickname it set',
      }),
    ),
  },
  { additionalProperties: false },
);
export const UnlinkCleanupSchema = Type.Object(
  {
    server_id: Type.String(),
    server_name: Type.String(),
    roles_removed: Type.Array(Type.String(), { description: 'names of the roles taken back' }),
    nickname_reset: Type.Boolean(),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export const UnlinkDataSchema = Type.Object(
  { cleanup: Type.Array(UnlinkCleanupSchema) },
  { additionalProperties: false },
);

export const unlinkRoute = {
  tags,
  ...auth,
  summary: 'Unlink one of the caller’s Roblox accounts (?remove_roles=true also cleans up)',
  params: LinkedAccountParams,
  querystring: UnlinkQuerySchema,
  response: {
    200: Ok(
      Type.Union([UnlinkDataSchema, EmptyObject], { description: '{} without remove_roles' }),
    ),
    ...errors(401, 404, 502),
  },
};
export const manualSyncRoute = {
  tags,
  ...auth,
  summary: "Re-check the bot's presence in the user's servers",
  response: { 200: Ok(ManualSyncDataSchema), ...errors(401, 429, 502) },
};
export const inviteUrlRoute = {
  tags,
  ...auth,
  summary: "Discord's bot authorize URL for one server",
  querystring: InviteQuerySchema,
  response: { 200: Ok(InviteUrlDataSchema), ...errors(401, 403, 404) },
};
