import { apiCalls } from './apiCalls';

const { developer } = apiCalls;

/** A server's developer API: its keys and its outbound webhook (api/README.md › Developer API). */
export const developerApi = {
  apiKeys: (serverId: string) => developer.apiKeys({ params: { id: serverId } }),
  /** the answer holds the key itself, the only time it is sent */
  createApiKey: (serverId: string, name: string) =>
    developer.createApiKey({ params: { id: serverId }, body: { name } }),
  revokeApiKey: (serverId: string, keyId: string) =>
    developer.revokeApiKey({ params: { id: serverId, key_id: keyId } }),
  /** `null` removes the webhook; otherwise the answer holds a new signing secret, sent once */
  saveWebhook: (serverId: string, url: string | null) =>
    developer.webhook({ params: { id: serverId }, body: { url } }),
  webhookDeliveries: (serverId: string) =>
    developer.webhookDeliveries({ params: { id: serverId } }),
  /** a signed webhook.test event, delivered like the others */
  testWebhook: (serverId: string) => developer.testWebhook({ params: { id: serverId } }),
  /** a failed delivery, sent again */
  retryWebhookDelivery: (serverId: string, deliveryId: string) =>
    developer.retryWebhookDelivery({ params: { id: serverId, delivery_id: deliveryId } }),
};
