import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { requireBot } from './auth';
import { discordError, DiscordErrors } from './errors';

export function registerDiscordChannels(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post<{ Params: { channelId: string } }>(
    '/channels/:channelId/messages',
    async (request, reply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      const discord = ctx.store.discord;
      const recipientId = discord.dmChannels.get(request.params.channelId);
      if (!recipientId) return DiscordErrors.unknownChannel(reply);
      const body = request.body as { content?: unknown; embeds?: unknown } | null | undefined;
      const content = body && typeof body === 'object' ? body.content : undefined;
      const embeds =
        body && typeof body === 'object' && Array.isArray(body.embeds) ? body.embeds : [];
      if (content !== undefined && typeof content !== 'string') {
        return DiscordErrors.invalidForm(reply, 'content', 'BASE_TYPE_STRING', 'Must be a string.');
      }
      if (!content && embeds.length === 0)
        return discordError(reply, 400, 50006, 'Cannot send an empty message');
      if (content && content.length > 2000) {
        return DiscordErrors.invalidForm(
          reply,
          'content',
          'BASE_TYPE_MAX_LENGTH',
          'Must be 2000 or fewer in length.',
        );
      }
      const recipient = discord.users.get(recipientId);
      if (!recipient || !recipient.accepts_dms) return DiscordErrors.cannotDm(reply);
      const id = discord.newId();
      const sentAt = new Date().toISOString();
      discord.dms.push({
        recipient_id: recipientId,
        channel_id: request.params.channelId,
        content: content ?? '',
        sent_at: sentAt,
      });
      return {
        id,
        type: 0,
        channel_id: request.params.channelId,
        content: content ?? '',
        embeds,
        timestamp: sentAt,
        author: { id: ctx.config.discordClientId, username: ctx.config.botUsername, bot: true },
      };
    },
  );
}
