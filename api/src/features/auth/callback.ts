import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { IntegrationError } from '../../integrations/types';
import { appUrl } from '../../lib/redirect';
import { SNOWFLAKE_PATTERN } from '../../lib/schemas';
import { markBotPresence } from '../dashboard/guild-store';
import { syncUserGuilds } from '../dashboard/sync';
import { saveDiscordTokens } from './discord-tokens';
import { consumeState } from './oauth-state';
import type { CallbackQuerySchema } from './schemas';
import { createSession } from './sessions';
import { upsertUser } from './users';

type Query = Static<typeof CallbackQuerySchema>;

const failure = (ctx: AppContext, error: string, description: string) =>
  appUrl(ctx.settings.appUrl, '/auth/callback', {
    query: { error, error_description: description },
  });

async function success(ctx: AppContext, userId: string, guildId?: string): Promise<string> {
  const tokens = await createSession(ctx.db, ctx.settings.jwtSecret, userId);
  return appUrl(ctx.settings.appUrl, '/auth/callback', {
    fragment: {
      code: randomUUID(),
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      ...(guildId ? { guild_id: guildId } : {}),
    },
  });
}

async function completeLogin(
  ctx: AppContext,
  log: FastifyBaseLogger,
  code: string,
): Promise<string> {
  const tokens = await ctx.integrations.discordOAuth.exchangeCode(code);
  const profile = await ctx.integrations.discordOAuth.getCurrentUser(tokens.access_token);
  const user = await upsertUser(ctx.db, profile);
  await saveDiscordTokens(ctx, user.id, tokens);
  try {
    await syncUserGuilds(ctx, user.id);
  } catch (err) {
    // The dashboard can sync later; signing in must not fail because of it.
    log.warn({ err: (err as Error).message }, 'guild sync after login failed');
  }
  log.info({ userId: user.id }, 'signed in with Discord');
  return success(ctx, user.id);
}

async function completeBotInvite(
  ctx: AppContext,
  userId: string,
  boundGuild: string | null,
  query: Query,
): Promise<string> {
  const guildId = query.guild_id ?? boundGuild ?? '';
  if (!new RegExp(SNOWFLAKE_PATTERN).test(guildId) || (boundGuild && guildId !== boundGuild)) {
    return failure(
      ctx,
      'invalid_request',
      'The bot was added to a different server than the one requested.',
    );
  }
  // Discord's guild_id is only a hint: confirm with the bot's own token.
  const guild = await ctx.integrations.discordBot.getGuild(guildId);
  await markBotPresence(ctx.db, guildId, guild !== null);
  if (!guild)
    return failure(
      ctx,
      'bot_not_added',
      'The bot is not in that server yet. Please try the invite again.',
    );
  return success(ctx, userId, guildId);
}

/** Discord's redirect after login or a bot invite → where the web app should go. */
export async function handleDiscordCallback(
  ctx: AppContext,
  log: FastifyBaseLogger,
  query: Query,
): Promise<string> {
  const state = await consumeState(ctx.db, ctx.settings.encryptionKey, query.state, [
    'discord_login',
    'bot_invite',
  ]);
  if (query.error) {
    const cancelled = query.error === 'access_denied';
    return failure(
      ctx,
      cancelled
        ? 'access_denied'
        : query.error.replace(/[^\w.-]/g, '').slice(0, 64) || 'discord_error',
      cancelled
        ? 'The Discord authorization was cancelled.'
        : (query.error_description ?? 'Discord reported an error.'),
    );
  }
  if (!state)
    return failure(
      ctx,
      'invalid_state',
      'This sign-in link has expired or was already used. Please try again.',
    );
  try {
    if (state.purpose === 'bot_invite') {
      if (!state.userId)
        return failure(ctx, 'invalid_state', 'This invite link is not bound to a user.');
      return await completeBotInvite(ctx, state.userId, state.guildId, query);
    }
    if (!query.code)
      return failure(ctx, 'invalid_request', 'Discord did not send an authorization code.');
    return await completeLogin(ctx, log, query.code);
  } catch (err) {
    if (err instanceof IntegrationError) {
      log.warn({ kind: err.kind, status: err.status }, 'Discord callback failed');
      return err.kind === 'invalid_grant'
        ? failure(
            ctx,
            'invalid_grant',
            'Discord did not accept the authorization code. Please sign in again.',
          )
        : failure(
            ctx,
            'discord_unavailable',
            'Discord could not be reached. Please try again in a moment.',
          );
    }
    throw err;
  }
}
