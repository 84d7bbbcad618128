/**
 * The developer API's contract types (api/README.md › Developer API): the `Static` forms of the
 * API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type {
  ApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
  PublicLinkSchema,
  PublicUpdateSchema,
  RevokedApiKeySchema,
  WebhookBodySchema,
  WebhookDeliveriesDataSchema,
  WebhookDeliverySchema,
  WebhookEventSchema,
  WebhookSavedSchema,
} from './schemas/developerApi';

/** GET /api/v1/server/{id}/api-keys → a list of these. */
export type ApiKey = Static<typeof ApiKeySchema>;
/** POST /api/v1/server/{id}/api-keys {name} → 201 this: the key, shown this once. */
export type CreatedApiKey = Static<typeof CreatedApiKeySchema>;
export type CreateApiKeyRequest = Static<typeof CreateApiKeyBodySchema>;
/** DELETE /api/v1/server/{id}/api-keys/{key_id} → this. */
export type RevokedApiKey = Static<typeof RevokedApiKeySchema>;
export type WebhookEvent = Static<typeof WebhookEventSchema>;
/** PUT /api/v1/server/{id}/webhook {url} → this: the signing secret, shown this once. */
export type WebhookSaved = Static<typeof WebhookSavedSchema>;
/** PUT /api/v1/server/{id}/webhook: `url: null` removes the webhook. */
export type WebhookRequest = Static<typeof WebhookBodySchema>;
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;
/** GET /api/v1/server/{id}/webhook/deliveries → this. */
export type WebhookDeliveriesData = Static<typeof WebhookDeliveriesDataSchema>;
/** GET /api/public/v1/servers/{server_id}/members/{discord_id} (and …/roblox/{roblox_id}) → this. */
export type PublicLink = Static<typeof PublicLinkSchema>;
/** POST /api/public/v1/servers/{server_id}/members/{discord_id}/update → this. */
export type PublicUpdate = Static<typeof PublicUpdateSchema>;
