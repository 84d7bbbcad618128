// The mock API's Discord settings: the channels, the log channel, join handling and resync, the
// Verify message; the same rules and messages as the API (api/README.md › Discord settings).
import {
  JOIN_HANDLING_MODES,
  RESYNC_SCHEDULES,
  VERIFY_MESSAGE_MAX_LENGTH,
} from '../contract/constants';
import type { AutomationRequest, ServerChannel } from '../contract/types';
import type { MockServer } from './db';
import { fail, MockHttpError, badRequest } from './respond';

export const DEFAULT_VERIFY_TEXT =
  'Press Verify to get your roles in this server from your linked Roblox account.';
export const VERIFY_BUTTON_ID = 'roconnect:verify';

/** Text (0) and announcement (5) channels take messages. */
const takesMessages = (type: number) => type === 0 || type === 5;

export function postableChannels(server: MockServer): ServerChannel[] {
  return server.channels
    .filter((c) => takesMessages(c.type) && c.bot_can_post)
    .map((c) => ({ id: c.id, name: c.name }));
}

const unprocessable = (message: string) =>
  new MockHttpError(fail(422, 'channel_not_postable', message));

/** The channel, when it is a text channel the bot can post in; a 422 thrown otherwise. */
export function requirePostable(server: MockServer, channelId: string) {
  const channel = server.channels.find((c) => c.id === channelId);
  if (!channel)
    throw unprocessable(
      'That channel does not exist in this server (any more). Choose another channel.',
    );
  if (!takesMessages(channel.type))
    throw unprocessable(`#${channel.name} is not a text channel. Choose a text channel.`);
  if (!channel.bot_can_post)
    throw unprocessable(
      `The bot cannot post in #${channel.name}. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel and Send Messages.`,
    );
  return channel;
}

export const channelLabel = (server: MockServer, id: string | null) => {
  if (!id) return null;
  const channel = server.channels.find((c) => c.id === id);
  return `#${channel?.name ?? 'unknown channel'} (${id})`;
};

const SNOWFLAKE = /^[0-9]{17,20}$/;

/** body.channel_id: a Discord id, or null when `nullable`. */
export function readChannelId(body: Record<string, unknown>, nullable: boolean): string | null {
  const id = body.channel_id;
  if (id === undefined) throw new MockHttpError(badRequest('body.channel_id is required'));
  if (id === null && nullable) return null;
  if (typeof id !== 'string' || !SNOWFLAKE.test(id))
    throw new MockHttpError(
      badRequest(
        `body.channel_id must be a Discord id (17 to 20 digits)${nullable ? ' or null' : ''}`,
      ),
    );
  return id;
}

/** PUT …/automation's body, each field checked by name. */
export function readAutomation(body: Record<string, unknown>): AutomationRequest {
  const allowed = ['join_handling', 'join_dm', 'resync'];
  const extra = Object.keys(body).find((k) => !allowed.includes(k));
  if (extra) throw new MockHttpError(badRequest(`body.${extra} is not allowed`));
  const out: AutomationRequest = {};
  if (body.join_handling !== undefined) {
    if (!(JOIN_HANDLING_MODES as readonly unknown[]).includes(body.join_handling))
      throw new MockHttpError(
        badRequest(`body.join_handling must be one of ${JOIN_HANDLING_MODES.join(', ')}`),
      );
    out.join_handling = body.join_handling as AutomationRequest['join_handling'];
  }
  if (body.join_dm !== undefined) {
    if (typeof body.join_dm !== 'boolean')
      throw new MockHttpError(badRequest('body.join_dm must be true or false'));
    out.join_dm = body.join_dm;
  }
  if (body.resync !== undefined) {
    if (!(RESYNC_SCHEDULES as readonly unknown[]).includes(body.resync))
      throw new MockHttpError(
        badRequest(`body.resync must be one of ${RESYNC_SCHEDULES.join(', ')}`),
      );
    out.resync = body.resync as AutomationRequest['resync'];
  }
  if (Object.keys(out).length === 0)
    throw new MockHttpError(
      badRequest('body must set at least one of join_handling, join_dm or resync.'),
    );
  return out;
}

/** POST …/verify-message's text: the default when left out, trimmed, 1–1500 characters. */
export function readVerifyText(body: Record<string, unknown>): string {
  if (body.text === undefined) return DEFAULT_VERIFY_TEXT;
  if (typeof body.text !== 'string')
    throw new MockHttpError(badRequest('body.text must be a string'));
  if (body.text.length > VERIFY_MESSAGE_MAX_LENGTH)
    throw new MockHttpError(
      badRequest(`body.text must be at most ${VERIFY_MESSAGE_MAX_LENGTH} characters`),
    );
  const text = body.text.trim();
  if (!text)
    throw new MockHttpError(
      badRequest('body.text must not be blank: leave it out for the default text.'),
    );
  return text;
}
