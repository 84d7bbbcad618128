/**
 * The developer API (api/README.md › Developer API): a server's API keys and outbound webhook,
 * managed on the dashboard, and the public surface other bots and games call with a key. The
 * public routes are in their own OpenAPI document (/api/public/v1/openapi.json).
 */
import { Type, type Static } from 'typebox';
import { IsoDate, Nullable, Ok, ServerIdParams, Snowflake, Uuid, errors } from './common';

// ---- the dashboard's side: keys and webhook (the caller manages the server) ----

export const ApiKeySchema = Type.Object(
  {
    id: Uuid('key id'),
    name: Type.String(),
    prefix: Type.String({ description: 'the key’s first characters, to tell keys apart' }),
    created_at: IsoDate('when it was created'),
    last_used_at: Nullable(IsoDate('its last call, answered or refused; null: never used')),
  },
  { additionalProperties: false },
);
/** GET /api/v1/server/{id}/api-keys → a list of these. */
export type ApiKey = Static<typeof ApiKeySchema>;
export const CreatedApiKeySchema = Type.Object(
  {
    id: Uuid('key id'),
    name: Type.String(),
    prefix: Type.String(),
    created_at: IsoDate('when it was created'),
    key: Type.String({
      description:
        'the key itself: shown this once, only its hash is kept. Send it as Authorization: Bearer <key>',
    }),
  },
  { additionalProperties: false },
);
/** POST /api/v1/server/{id}/api-keys {name} → 201 this: the key, shown this once. */
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;
export const CreateApiKeyBodySchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'what the key is for (1–64 characters), e.g. the game or bot that uses it',
    }),
  },
  { additionalProperties: false },
);
export type CreateApiKeyRequest = Static<typeof CreateApiKeyBodySchema>;
export const ApiKeyParams = Type.Object(
  { id: Snowflake('the Discord server (guild) id'), key_id: Uuid('key id') },
  { additionalProperties: false },
);
export const RevokedApiKeySchema = Type.Object(
  { id: Uuid('key id'), revoked_at: IsoDate('when it was revoked') },
  { additionalProperties: false },
);
/** DELETE /api/v1/server/{id}/api-keys/{key_id} → this. */
export type RevokedApiKey = Static<typeof RevokedApiKeySchema>;

export const WebhookEventSchema = Type.Union([
  Type.Literal('member.verified'),
  Type.Literal('member.updated'),
  Type.Literal('member.unlinked'),
  Type.Literal('webhook.test'),
]);
export type WebhookEvent = Static<typeof WebhookEventSchema>;
export const WebhookBodySchema = Type.Object(
  {
    url: Nullable(
      Type.String({
        maxLength: 2000,
        description: 'the HTTPS endpoint that receives the events; null removes the webhook',
      }),
    ),
  },
  { additionalProperties: false },
);
/** PUT /api/v1/server/{id}/webhook: `url: null` removes the webhook. */
export type WebhookRequest = Static<typeof WebhookBodySchema>;
export const WebhookSavedSchema = Type.Object(
  {
    url: Nullable(Type.String()),
    secret: Nullable(
      Type.String({
        description:
          'the signing secret: shown this once (a new one at every save); null when the webhook was removed',
      }),
    ),
  },
  { additionalProperties: false },
);
/** PUT /api/v1/server/{id}/webhook {url} → this: the signing secret, shown this once. */
export type WebhookSaved = Static<typeof WebhookSavedSchema>;
export const WebhookDeliverySchema = Type.Object(
  {
    id: Uuid('delivery id (the X-RoConnect-Delivery header)'),
    event: WebhookEventSchema,
    status: Type.Union(
      [Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')],
      {
        description:
          'pending: attempts left; delivered: a 2xx answer; failed: every attempt spent, or the address refused',
      },
    ),
    attempts: Type.Integer({ minimum: 0 }),
    response_status: Nullable(Type.Integer({ description: 'the last answer’s HTTP status' })),
    error: Nullable(Type.String({ description: 'why the last attempt failed' })),
    created_at: IsoDate('when the event happened'),
    finished_at: Nullable(IsoDate('when it was delivered or given up')),
  },
  { additionalProperties: false },
);
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
export const WebhookDeliveriesDataSchema = Type.Object(
  {
    webhook: Nullable(
      Type.Object(
        { url: Type.String(), created_at: IsoDate('when it was last saved') },
        { additionalProperties: false },
      ),
    ),
    deliveries: Type.Array(WebhookDeliverySchema, { description: 'the latest 50, newest first' }),
  },
  { additionalProperties: false },
);
/** GET /api/v1/server/{id}/webhook/deliveries → this. */
export type WebhookDeliveriesData = Static<typeof WebhookDeliveriesDataSchema>;

export const WebhookDeliveryParams = Type.Object(
  { id: Snowflake('the Discord server (guild) id'), delivery_id: Uuid('delivery id') },
  { additionalProperties: false },
);

const manage = { tags: ['developer api'], security: [{ bearerAuth: [] }] };

export const apiKeysRoute = {
  ...manage,
  summary: 'The server’s live API keys (never the keys themselves)',
  params: ServerIdParams,
  response: { 200: Ok(Type.Array(ApiKeySchema)), ...errors(401, 403) },
};
export const createApiKeyRoute = {
  ...manage,
  summary: 'Create an API key: 201 with the key, shown this once',
  params: ServerIdParams,
  body: CreateApiKeyBodySchema,
  response: { 201: Ok(CreatedApiKeySchema), ...errors(401, 403, 409) },
};
export const revokeApiKeyRoute = {
  ...manage,
  summary: 'Revoke an API key: refused from the next call on',
  params: ApiKeyParams,
  response: { 200: Ok(RevokedApiKeySchema), ...errors(401, 403, 404) },
};
export const putWebhookRoute = {
  ...manage,
  summary:
    'Set (or with url null remove) the server’s webhook; answers its new signing secret once',
  params: ServerIdParams,
  body: WebhookBodySchema,
  response: { 200: Ok(WebhookSavedSchema), ...errors(401, 403) },
};
export const webhookDeliveriesRoute = {
  ...manage,
  summary: 'The server’s webhook and its latest deliveries with their status',
  params: ServerIdParams,
  response: { 200: Ok(WebhookDeliveriesDataSchema), ...errors(401, 403) },
};

export const testWebhookRoute = {
  ...manage,
  summary:
    'Send a signed webhook.test event to the server’s webhook, delivered like the others: 202 with the delivery',
  description:
    '409 no_webhook: the server has no webhook. 429: more than 10 sends (tests and retries) a minute.',
  params: ServerIdParams,
  response: { 202: Ok(WebhookDeliverySchema), ...errors(401, 403, 409, 429, 503) },
};
export const retryWebhookDeliveryRoute = {
  ...manage,
  summary: 'Send a failed delivery again, with a new round of attempts: 202 with the delivery',
  description:
    '404 delivery_not_found: no such delivery in this server. 409 delivery_not_failed: it is pending or delivered; no_webhook: the server has no webhook; delivery_not_kept: its body is no longer kept.',
  params: WebhookDeliveryParams,
  response: { 202: Ok(WebhookDeliverySchema), ...errors(401, 403, 404, 409, 429, 503) },
};

// ---- the public surface: Authorization: Bearer <API key> ----

export const PublicMemberParams = Type.Object(
  {
    server_id: Snowflake('the Discord server (guild) id the key belongs to'),
    discord_id: Snowflake('the member’s Discord user id'),
  },
  { additionalProperties: false },
);
export const PublicRobloxParams = Type.Object(
  {
    server_id: Snowflake('the Discord server (guild) id the key belongs to'),
    roblox_id: Type.String({ pattern: '^[0-9]{1,20}$', description: 'the Roblox user id' }),
  },
  { additionalProperties: false },
);
export const PublicLinkSchema = Type.Object(
  {
    discord_id: Type.String(),
    roblox_id: Type.String(),
    roblox_username: Type.String(),
    roblox_display_name: Type.String(),
  },
  { additionalProperties: false },
);
/** GET /api/public/v1/servers/{server_id}/members/{discord_id} (and …/roblox/{roblox_id}) → this. */
export type PublicLink = Static<typeof PublicLinkSchema>;
export const PublicUpdateSchema = Type.Object(
  {
    discord_id: Type.String(),
    roles_added: Type.Array(Type.String(), { description: 'names of the roles given' }),
    roles_removed: Type.Array(Type.String(), { description: 'names of the roles taken' }),
    nickname_updated: Type.Boolean(),
    warnings: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
/** POST /api/public/v1/servers/{server_id}/members/{discord_id}/update → this. */
export type PublicUpdate = Static<typeof PublicUpdateSchema>;

const publicApi = {
  tags: ['members'],
  security: [{ apiKey: [] }],
};
const notFoundNote =
  '404 not_found: the member is not in the server, has not linked Roblox, or keeps it private there (one answer for all three)';

export const publicMemberRoute = {
  ...publicApi,
  summary: 'A member’s linked Roblox account, by their Discord id',
  description: notFoundNote,
  params: PublicMemberParams,
  response: { 200: Ok(PublicLinkSchema), ...errors(401, 403, 404, 429) },
};
export const publicRobloxRoute = {
  ...publicApi,
  summary: 'The member who linked a Roblox account, by its Roblox id',
  description: notFoundNote,
  params: PublicRobloxParams,
  response: { 200: Ok(PublicLinkSchema), ...errors(401, 403, 404, 429) },
};
export const publicUpdateRoute = {
  ...publicApi,
  summary: 'Update a member’s roles and nickname from their linked Roblox account now',
  description: '404 not_found: the member is not in the server or has not linked Roblox',
  params: PublicMemberParams,
  response: { 200: Ok(PublicUpdateSchema), ...errors(401, 403, 404, 409, 429, 502) },
};
