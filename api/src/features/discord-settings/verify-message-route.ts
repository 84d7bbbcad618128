import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordSettingChange } from '../../domain/audit/record';
import { getConfig, saveConfig } from '../../domain/config/config-store';
import { requireManagingCaller } from '../../domain/guilds/access';
import {
  CHANNEL_REFUSALS,
  currentVerifyMessageBody,
  editPostedVerifyMessage,
  forgetVerifyMessage,
  postedVerifyMessage,
} from '../../domain/messages/verify-post';
import { getVerifyText, saveVerifyText } from '../../domain/messages/store';
import { requireBot } from '../../domain/roles/validate';
import { IntegrationError } from '../../integrations/types';
import { badRequest, conflict } from '../../lib/errors';
import { consoleLimits } from '../../lib/route-limits';
import {
  channelLabel,
  channelNotPostable,
  describeStoredChannel,
  readManagerChannels,
} from './channel-check';
import { DISCORD_SETTINGS_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const notPosted = () =>
  conflict(
    'There is no Verify message posted in this server: post one first.',
    'verify_message_not_posted',
  );

/** Discord's refusal in the Verify message's channel as the owner's 422; anything else rethrown. */
function channelRefusal(err: unknown): never {
  if (err instanceof IntegrationError && CHANNEL_REFUSALS.has(err.kind))
    throw channelNotPostable(err.message);
  throw err;
}

/**
 * The Verify message (docs/product.md › Discord settings): a message with a Verify button whose
 * presses come back as interactions (features/interactions), in a channel the bot and the caller
 * can both post in (channel-check.ts). It reads as the server's own words (domain/messages), or
 * the text it was posted with. POST posts it (a re-post: the one posted before is deleted once the
 * new one is up); GET says where it is; PUT edits it in place; DELETE removes it. Each change is
 * audited.
 */
export const verifyMessageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'verify-message');
  const authed = { onRequest: app.authenticate };

  serve(app, DISCORD_SETTINGS_ENDPOINTS.verifyMessage, limits.options, async (request, reply) => {
    const text = request.body.text === undefined ? null : request.body.text.trim();
    if (text === '')
      throw badRequest('body.text must not be blank: leave it out for the default text.');
    const { userId, guild, membership } = await requireManagingCaller(ctx, request, limits);
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
    const before = await postedVerifyMessage(ctx.db, guild.id);
    await saveVerifyText(ctx.db, guild.id, text);
    let posted: { id: string };
    try {
      posted = await ctx.integrations.discordBot.postMessage(
        channel.id,
        await currentVerifyMessageBody(ctx.db, guild),
      );
    } catch (err) {
      channelRefusal(err);
    }
    // a re-post: the old message goes once the new one is up (already gone, or refused: left)
    if (before)
      await ctx.integrations.discordBot
        .deleteMessage(before.channel_id, before.message_id)
        .catch((err: unknown) => {
          if (!(err instanceof IntegrationError)) throw err;
        });
    await saveConfig(ctx.db, guild.id, userId, {
      verifyChannelId: channel.id,
      verifyMessageId: posted.id,
    });
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'verify_message',
      before: before
        ? `posted in ${await describeStoredChannel(ctx, guild.id, before.channel_id, true)}`
        : null,
      after: `posted in ${channelLabel(channel)}`,
    });
    return reply.code(201).send(ok({ message_id: posted.id, channel_id: channel.id }));
  });

  serve(app, DISCORD_SETTINGS_ENDPOINTS.verifyMessageState, authed, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request);
    const [posted, text] = await Promise.all([
      postedVerifyMessage(ctx.db, guild.id),
      getVerifyText(ctx.db, guild.id),
    ]);
    return ok({ posted, text });
  });

  serve(app, DISCORD_SETTINGS_ENDPOINTS.editVerifyMessage, limits.options, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request, limits);
    requireBot(guild);
    const given = request.body.text;
    const text = typeof given === 'string' ? given.trim() : given;
    if (text === '')
      throw badRequest('body.text must not be blank: send null for the default text.');
    const posted = await postedVerifyMessage(ctx.db, guild.id);
    if (!posted) throw notPosted();
    const before = await getVerifyText(ctx.db, guild.id);
    if (text !== undefined) await saveVerifyText(ctx.db, guild.id, text);
    const outcome = await editPostedVerifyMessage(ctx, guild);
    if (outcome.kind === 'refused') {
      if (text !== undefined) await saveVerifyText(ctx.db, guild.id, before);
      channelRefusal(outcome.error);
    }
    if (outcome.kind !== 'edited') {
      if (text !== undefined) await saveVerifyText(ctx.db, guild.id, before);
      throw conflict(
        'The Verify message was deleted in Discord, so RoConnect forgot it: post it again.',
        'verify_message_gone',
      );
    }
    const after = text === undefined ? before : text;
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'verify_message',
      before: `text: ${before ?? 'default'}`,
      after: `text: ${after ?? 'default'}`,
    });
    return ok({ posted, text: after });
  });

  serve(app, DISCORD_SETTINGS_ENDPOINTS.removeVerifyMessage, limits.options, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request, limits);
    requireBot(guild);
    const posted = await postedVerifyMessage(ctx.db, guild.id);
    if (!posted) throw notPosted();
    const where = await describeStoredChannel(ctx, guild.id, posted.channel_id, true);
    let alreadyGone = false;
    try {
      await ctx.integrations.discordBot.deleteMessage(posted.channel_id, posted.message_id);
    } catch (err) {
      // deleted in Discord already: forgotten all the same
      if (err instanceof IntegrationError && err.kind === 'unknown_message') alreadyGone = true;
      else channelRefusal(err);
    }
    await forgetVerifyMessage(ctx.db, guild.id);
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'verify_message',
      before: `posted in ${where}`,
      after: null,
    });
    return ok({ already_gone: alreadyGone });
  });
};
