import { Type } from 'typebox';
import { Nullable, OAuthCallbackQuery, Ok, Uuid, errors, EmptyObject } from './common';

export const UserSchema = Type.Object(
  {
    id: Uuid('RoConnect user id'),
    discord_id: Type.String({ description: 'Discord user id' }),
    username: Type.String(),
    global_name: Nullable(Type.String()),
    avatar: Nullable(Type.String({ description: 'Discord avatar hash' })),
  },
  { additionalProperties: false },
);

export const AuthUrlDataSchema = Type.Object(
  { auth_url: Type.String() },
  { additionalProperties: false },
);

export const RefreshRequestSchema = Type.Object(
  { refresh_token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const RefreshDataSchema = Type.Object(
  {
    access_token: Type.String(),
    refresh_token: Type.String(),
    expires_in: Type.Integer({ description: 'seconds until the access token expires' }),
  },
  { additionalProperties: false },
);

/** What Discord sends back to /auth/callback (login and bot invites). */
export const CallbackQuerySchema = OAuthCallbackQuery(512, {
  guild_id: Type.Optional(Type.String({ maxLength: 32 })),
  permissions: Type.Optional(Type.String({ maxLength: 32 })),
});

const auth = { security: [{ bearerAuth: [] }] };

export const discordUrlRoute = {
  tags: ['auth'],
  summary: "Discord's authorize URL for login (scopes identify guilds)",
  response: { 200: Ok(AuthUrlDataSchema), ...errors() },
};
export const callbackRoute = {
  tags: ['auth'],
  summary: 'Discord redirects here after login or a bot invite; redirects to the web app',
  querystring: CallbackQuerySchema,
  response: { 302: Type.Null({ description: 'redirect to APP_URL/auth/callback' }), ...errors() },
};
export const refreshRoute = {
  tags: ['auth'],
  summary: 'Rotate the refresh token and get a new access token',
  body: RefreshRequestSchema,
  response: { 200: Ok(RefreshDataSchema), ...errors(401) },
};
export const meRoute = {
  tags: ['auth'],
  summary: 'The signed-in user',
  ...auth,
  response: { 200: Ok(UserSchema), ...errors(401) },
};
/** Either credential identifies the session: the refresh token still works once the access token expired. */
export const LogoutRequestSchema = Type.Object(
  { refresh_token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);
export const logoutRoute = {
  tags: ['auth'],
  summary: 'End the session (identified by the Bearer token or by body.refresh_token)',
  ...auth,
  body: LogoutRequestSchema,
  response: { 200: Ok(EmptyObject), ...errors(401) },
};
