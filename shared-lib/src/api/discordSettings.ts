import type {
  EditVerifyMessageRequest,
  PreviewMessagesRequest,
  ServerMessages,
} from '../contract/messages';
import type { AutomationRequest, PostVerifyMessageRequest } from '../contract/types';
import { apiCalls } from './apiCalls';

const { discordSettings, messages } = apiCalls;

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
  /** a Verify message posted before is deleted once the new one is up */
  postVerifyMessage: (serverId: string, body: PostVerifyMessageRequest) =>
    discordSettings.verifyMessage({ params: { id: serverId }, body }),
  verifyMessageState: (serverId: string) =>
    discordSettings.verifyMessageState({ params: { id: serverId } }),
  editVerifyMessage: (serverId: string, body: EditVerifyMessageRequest) =>
    discordSettings.editVerifyMessage({ params: { id: serverId }, body }),
  removeVerifyMessage: (serverId: string) =>
    discordSettings.removeVerifyMessage({ params: { id: serverId } }),
  /** the server's own words (docs/product.md › Messages) */
  messages: (serverId: string) => messages.messages({ params: { id: serverId } }),
  saveMessages: (serverId: string, body: ServerMessages) =>
    messages.editMessages({ params: { id: serverId }, body }),
  previewMessages: (serverId: string, body: PreviewMessagesRequest) =>
    messages.previewMessages({ params: { id: serverId }, body }),
};
