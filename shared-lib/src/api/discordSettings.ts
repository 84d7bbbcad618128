import type { AutomationRequest, PostVerifyMessageRequest } from '../contract/types';
import { apiCalls } from './apiCalls';

const { discordSettings } = apiCalls;

/**
 * A server's Discord settings (api/README.md › Discord settings): the channels the bot can post
 * in, the log channel, what happens on join and the scheduled resync, and the Verify message.
 */
export const discordSettingsApi = {
  channels: (serverId: string) => discordSettings.channels({ params: { id: serverId } }),
  /** `null` stops posting the audit log to Discord */
  setLogChannel: (serverId: string, channelId: string | null) =>
    discordSettings.logChannel({ params: { id: serverId }, body: { channel_id: channelId } }),
  /** the fields left out keep their value */
  saveAutomation: (serverId: string, body: AutomationRequest) =>
    discordSettings.automation({ params: { id: serverId }, body }),
  postVerifyMessage: (serverId: string, body: PostVerifyMessageRequest) =>
    discordSettings.verifyMessage({ params: { id: serverId }, body }),
};
