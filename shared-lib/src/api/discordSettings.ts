import type {
  ApiSuccess,
  AutomationRequest,
  PostVerifyMessageRequest,
  ServerChannelsData,
  ServerConfigData,
  VerifyMessageData,
} from '../contract/types';
import { API_PATHS } from '../contract/paths';
import { httpClient } from './httpClientLoader';

/**
 * A server's Discord settings (api/README.md › Discord settings): the channels the bot can post
 * in, the log channel, what happens on join and the scheduled resync, and the Verify message.
 */
export const discordSettingsApi = {
  channels: async (serverId: string) =>
    (
      await (
        await httpClient()
      ).get<ApiSuccess<ServerChannelsData>>(API_PATHS.serverChannels(serverId))
    ).data.data,
  /** `null` stops posting the audit log to Discord */
  setLogChannel: async (serverId: string, channelId: string | null) =>
    (
      await (
        await httpClient()
      ).put<ApiSuccess<ServerConfigData>>(API_PATHS.logChannel(serverId), {
        channel_id: channelId,
      })
    ).data.data,
  /** the fields left out keep their value */
  saveAutomation: async (serverId: string, body: AutomationRequest) =>
    (
      await (
        await httpClient()
      ).put<ApiSuccess<ServerConfigData>>(API_PATHS.automation(serverId), body)
    ).data.data,
  postVerifyMessage: async (serverId: string, body: PostVerifyMessageRequest) =>
    (
      await (
        await httpClient()
      ).post<ApiSuccess<VerifyMessageData>>(API_PATHS.verifyMessage(serverId), body)
    ).data.data,
};
