import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOr404, refuse } from './refusals';

/**
 * `POST /__emulator/guilds/{guild_id}/channels/{channel_id}/deny` takes the bot's right to post
 * there (its messages then fail with 403 50013, as when staff remove Send Messages); `…/allow`
 * gives it back.
 */
export function registerChannelControl(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const action of ['deny', 'allow'] as const) {
    app.post<{ Params: { guildId: string; channelId: string } }>(
      `/__emulator/guilds/:guildId/channels/:channelId/${action}`,
      async (request, reply) => {
        const { guildId, channelId } = request.params;
        const guild = guildOr404(ctx, guildId, reply);
        if (!guild) return reply;
        const channel = guild.channels.find((c) => c.id === channelId);
        if (!channel)
          return refuse(
            reply,
            404,
            'not_found',
            `There is no channel ${channelId} in ${guild.name}.`,
          );
        channel.bot_can_send = action === 'allow';
        return { id: channel.id, name: channel.name, bot_can_send: channel.bot_can_send };
      },
    );
  }
}
