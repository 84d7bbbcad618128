import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import { MESSAGES_KEPT_PER_CHANNEL } from '../store/discordState';
import { requireBot } from './auth';
import { discordError, DiscordErrors, invalidFormAt } from './errors';
import { botGuild } from './guildAccess';
import { checkMessageBody, type MessageBody } from './messageBody';
import { channelJson } from '../views';

/** categories and forums take no messages of their own (Discord: 50024) */
const NO_MESSAGES = new Set([4, 15]);

export function registerDiscordChannels(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: { guildId: string } }>('/guilds/:guildId/channels', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    return guild.channels.map(channelJson);
  });

  app.post<{ Params: { channelId: string } }>(
    '/channels/:channelId/messages',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      const discord = ctx.store.discord;
      const channelId = request.params.channelId;
      const recipientId = discord.dmChannels.get(channelId);
      const channel = discord.channels.get(channelId);
      if (!recipientId && !channel) return DiscordErrors.unknownChannel(reply);
      if (channel && !discord.guilds.get(channel.guild_id)?.bot_present)
        return DiscordErrors.missingAccess(reply);
      const body = checkMessageBody(request.body);
      if (body === 'empty') return discordError(reply, 400, 50006, 'Cannot send an empty message');
      if ('path' in body) return invalidFormAt(reply, body);

      const message = (extra: object, sentAt: string, id: string, m: MessageBody) => ({
        id,
        type: 0,
        channel_id: channelId,
        ...extra,
        content: m.content,
        embeds: m.embeds,
        components: m.components,
        attachments: [],
        mentions: [],
        mention_roles: [],
        mention_everyone: false,
        pinned: false,
        tts: false,
        flags: 0,
        timestamp: sentAt,
        edited_timestamp: null,
        author: {
          id: ctx.config.botUserId,
          username: ctx.config.botUsername,
          discriminator: '0001',
          global_name: null,
          avatar: null,
          bot: true,
        },
      });

      if (channel) {
        if (NO_MESSAGES.has(channel.type))
          return discordError(reply, 400, 50024, 'Cannot execute action on this channel type');
        if (!channel.bot_can_send) return DiscordErrors.missingPermissions(reply);
        const id = discord.newId();
        const sentAt = new Date().toISOString();
        channel.messages.push({ id, ...body, sent_at: sentAt });
        if (channel.messages.length > MESSAGES_KEPT_PER_CHANNEL) channel.messages.shift();
        channel.message_count += 1;
        return message({ guild_id: channel.guild_id }, sentAt, id, body);
      }

      const recipient = discord.users.get(recipientId!);
      if (!recipient || !recipient.accepts_dms) return DiscordErrors.cannotDm(reply);
      const id = discord.newId();
      const sentAt = new Date().toISOString();
      discord.dms.push({
        recipient_id: recipientId!,
        channel_id: channelId,
        content: body.content,
        sent_at: sentAt,
      });
      return message({}, sentAt, id, body);
    },
  );

  /**
   * The bot's own message in a guild channel it can see, or the refusal Discord gives: 10003 for
   * a channel that is not there, 50001 when the bot left the server, 10008 for a message that is
   * not there (deleted, or never the bot's here).
   */
  const ownMessage = (channelId: string, messageId: string, reply: FastifyReply) => {
    const discord = ctx.store.discord;
    const channel = discord.channels.get(channelId);
    if (!channel) {
      DiscordErrors.unknownChannel(reply);
      return null;
    }
    if (!discord.guilds.get(channel.guild_id)?.bot_present) {
      DiscordErrors.missingAccess(reply);
      return null;
    }
    const at = channel.messages.findIndex((m) => m.id === messageId);
    if (at < 0) {
      DiscordErrors.unknownMessage(reply);
      return null;
    }
    return { channel, at };
  };

  // Edit Message: the author's content, embeds and components; a field left out stays, null
  // empties it, and a message left with nothing is refused (50006), as Discord does
  app.patch<{ Params: { channelId: string; messageId: string } }>(
    '/channels/:channelId/messages/:messageId',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      const found = ownMessage(request.params.channelId, request.params.messageId, reply);
      if (!found) return reply;
      const { channel, at } = found;
      // stricter than needed: a bot that lost Send Messages here may not change what it said
      if (!channel.bot_can_send) return DiscordErrors.missingPermissions(reply);
      const current = channel.messages[at]!;
      const raw = (typeof request.body === 'object' && request.body) || {};
      const field = <K extends 'content' | 'embeds' | 'components'>(key: K, empty: unknown) =>
        key in raw ? ((raw as Record<string, unknown>)[key] ?? empty) : current[key];
      const body = checkMessageBody({
        content: field('content', ''),
        embeds: field('embeds', []),
        components: field('components', []),
      });
      if (body === 'empty') return discordError(reply, 400, 50006, 'Cannot send an empty message');
      if ('path' in body) return invalidFormAt(reply, body);
      const editedAt = new Date().toISOString();
      channel.messages[at] = { ...current, ...body, edited_at: editedAt };
      return {
        id: current.id,
        type: 0,
        channel_id: channel.id,
        guild_id: channel.guild_id,
        content: body.content,
        embeds: body.embeds,
        components: body.components,
        timestamp: current.sent_at,
        edited_timestamp: editedAt,
      };
    },
  );

  // Delete Message: 204 with no body; the bot's own message needs no Manage Messages
  app.delete<{ Params: { channelId: string; messageId: string } }>(
    '/channels/:channelId/messages/:messageId',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      const found = ownMessage(request.params.channelId, request.params.messageId, reply);
      if (!found) return reply;
      found.channel.messages.splice(found.at, 1);
      return reply.code(204).send();
    },
  );
}
