import { Type } from 'typebox';
import { OAuthCallbackQuery, Ok, errors } from './common';

export const RobloxStatusSchema = Type.Object(
  { configured: Type.Boolean() },
  { additionalProperties: false },
);
export const RobloxAuthUrlSchema = Type.Object(
  { auth_url: Type.String() },
  { additionalProperties: false },
);
export const RobloxCallbackQuerySchema = OAuthCallbackQuery(1024, {});

const tags = ['roblox'];
export const robloxAuthUrlRoute = {
  tags,
  security: [{ bearerAuth: [] }],
  summary: 'Roblox authorize URL (openid profile, PKCE S256), bound to the caller',
  response: { 200: Ok(RobloxAuthUrlSchema), ...errors(401, 503) },
};
export const robloxCallbackRoute = {
  tags,
  summary: 'Roblox redirects here; links the account and redirects to the web app',
  querystring: RobloxCallbackQuerySchema,
  response: { 302: Type.Null({ description: 'redirect to APP_URL/roblox/callback' }), ...errors() },
};
export const robloxStatusRoute = {
  tags,
  summary: 'Whether Roblox linking is configured',
  response: { 200: Ok(RobloxStatusSchema), ...errors() },
};
