/**
 * The developer API's contract types (api/README.md › Developer API): the `Static` forms of the
 * API's schemas, declared beside them and exported here as types only.
 */
export type {
  ApiKey,
  CreatedApiKey,
  CreateApiKeyRequest,
  RevokedApiKey,
  WebhookEvent,
  WebhookSaved,
  WebhookRequest,
  WebhookDelivery,
  WebhookDeliveriesData,
  PublicLink,
  PublicUpdate,
} from './schemas/developerApi';
