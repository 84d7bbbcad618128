import type {
  ApiKey,
  CreatedApiKey,
  RevokedApiKey,
  WebhookDeliveriesData,
  WebhookSaved,
} from '../contract/developerApi';
import { API_PATHS } from '../contract/paths';
import type { ApiSuccess } from '../contract/types';
import { httpClient } from './httpClientLoader';

/** A server's developer API: its keys and its outbound webhook (api/README.md › Developer API). */
export const developerApi = {
  apiKeys: async (serverId: string) =>
    (await (await httpClient()).get<ApiSuccess<ApiKey[]>>(API_PATHS.serverApiKeys(serverId))).data
      .data,
  /** the answer holds the key itself, the only time it is sent */
  createApiKey: async (serverId: string, name: string) =>
    (
      await (
        await httpClient()
      ).post<ApiSuccess<CreatedApiKey>>(API_PATHS.serverApiKeys(serverId), { name })
    ).data.data,
  revokeApiKey: async (serverId: string, keyId: string) =>
    (
      await (
        await httpClient()
      ).delete<ApiSuccess<RevokedApiKey>>(API_PATHS.serverApiKey(serverId, keyId))
    ).data.data,
  /** `null` removes the webhook; otherwise the answer holds a new signing secret, sent once */
  saveWebhook: async (serverId: string, url: string | null) =>
    (
      await (
        await httpClient()
      ).put<ApiSuccess<WebhookSaved>>(API_PATHS.serverWebhook(serverId), { url })
    ).data.data,
  webhookDeliveries: async (serverId: string) =>
    (
      await (
        await httpClient()
      ).get<ApiSuccess<WebhookDeliveriesData>>(API_PATHS.serverWebhookDeliveries(serverId))
    ).data.data,
};
