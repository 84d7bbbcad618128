import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { MESSAGES_KEPT_PER_CHANNEL } from '../store/discordState';
import { requireBot } from './auth';
import { discordError, DiscordErrors, invalidFormAt } from './errors';
import { guildForBot } from './guildAccess';
import { checkMessageBody, type MessageBody } from './messageBody';
import { channelJson } from '../views';

/** categories and forums take no messages of their own (Discord: 50024) */
const NO_MESSAGES = new Set([4, 15]);

export function registerDiscordChannels(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: { guildId: string } }>('/guilds/:guildId/channels', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    const guild = guildForBot(ctx, request.params.guildId, reply);
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
}
