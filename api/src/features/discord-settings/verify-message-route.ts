import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { recordSettingChange } from '../../domain/audit/record';
import { getConfig, saveConfig } from '../../domain/config/config-store';
import { VERIFY_BUTTON_ID } from '../../domain/config/verify-link';
import { requireLiveManager } from '../../domain/guilds/access';
import { requireBot } from '../../domain/roles/validate';
import { IntegrationError, type DiscordOutgoingMessage } from '../../integrations/types';
import { badRequest, conflict } from '../../lib/errors';
import { consoleLimits } from '../../lib/route-limits';
import { DISCORD_SETTINGS_ROUTES } from '@roconnect/shared-lib/contract';
import { verifyMessageRoute } from '@roconnect/shared-lib/contract/schemas';
import { channelLabel, channelNotPostable, readManagerChannels } from './channel-check';

export const DEFAULT_VERIFY_TEXT =
  'Press Verify to get your roles in this server from your linked Roblox account.';

/** Discord's answers that mean "not in this channel" (50013, 50001, 10003): the owner can fix them. */
const CHANNEL_REFUSALS = new Set(['missing_permissions', 'missing_access', 'unknown_channel']);

/** The Verify message: its text and one button whose presses come back as interactions. */
export function verifyMessage(text: string): DiscordOutgoingMessage {
  return {
    content: text,
    components: [
      {
        type: 1,
        components: [{ type: 2, style: 1, label: 'Verify', custom_id: VERIFY_BUTTON_ID }],
      },
    ],
  };
}

/**
 * POST /api/v1/server/{id}/verify-message `{channel_id, text?}` → 201 `{message_id, channel_id}`:
 * posts a message with a Verify button (features/interactions answers its presses), in a channel
 * the bot and the caller can both post in (channel-check.ts).
 */
export const verifyMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'verify-message');
  app.post(
    DISCORD_SETTINGS_ROUTES.verifyMessage.path,
    { schema: verifyMessageRoute, onRequest: app.authenticate, config: limits.config },
    async (request, reply) => {
      const { userId } = authOf(request);
      const text = request.body.text === undefined ? DEFAULT_VERIFY_TEXT : request.body.text.trim();
      if (!text)
        throw badRequest('body.text must not be blank: leave it out for the default text.');
      const { guild, membership } = await requireLiveManager(ctx, userId, request.params.id);
      await limits.server(request);
      requireBot(guild);
      const config = await getConfig(ctx.db, guild.id);
      if (!config?.setupCompleted)
        throw conflict(
          'Finish setting up this server first: the Verify button gives the roles the setup chooses.',
          'setup_incomplete',
        );
      const channel = (await readManagerChannels(ctx, guild, membership)).require(
        request.body.channel_id,
      );
      let posted: { id: string };
      try {
        posted = await ctx.integrations.discordBot.postMessage(channel.id, verifyMessage(text));
      } catch (err) {
        if (err instanceof IntegrationError && CHANNEL_REFUSALS.has(err.kind))
          throw channelNotPostable(err.message);
        throw err;
      }
      await saveConfig(ctx.db, guild.id, userId, {
        verifyChannelId: channel.id,
        verifyMessageId: posted.id,
      });
      await recordSettingChange(ctx.db, {
        guildId: guild.id,
        actorUserId: userId,
        setting: 'verify_message',
        before: null,
        after: `posted in ${channelLabel(channel)}`,
      });
      return reply
        .code(201)
        .send({ success: true as const, data: { message_id: posted.id, channel_id: channel.id } });
    },
  );
};
