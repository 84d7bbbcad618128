import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { IntegrationError } from '../../integrations/types';
import { appUrl } from '../../lib/redirect';
import {
  SNOWFLAKE_PATTERN,
  type CallbackQuerySchema,
} from '@roconnect/shared-lib/contract/schemas';
import { invalidateBotGuilds } from '../../domain/guilds/bot-guilds';
import { markBotPresence } from '../../domain/guilds/guild-store';
import { syncUserGuilds } from '../../domain/guilds/sync';
import { saveDiscordTokens } from '../../domain/tokens/discord-tokens';
import type { ConsumedState } from '../../domain/tokens/oauth-state';
import { consumeReturnedState, type OAuthReturn } from '../../domain/tokens/browser-binding';
import { createSession } from '../../domain/sessions/sessions';
import { upsertUser } from '../../domain/accounts/users';
import { connectLinkedRoles } from '../../domain/role-connections/linked-roles';

type Query = Static<typeof CallbackQuerySchema>;

/** Fixed texts per failure: nothing Discord or a link's author wrote is shown to the person. */
const LOGIN_FAILURES = {
  access_denied: 'The Discord authorization was cancelled.',
  browser_mismatch: 'This link was started in another browser. Please try again.',
  invalid_state: 'This sign-in link has expired or was already used. Please try again.',
  invalid_request: 'Discord did not send an authorization code.',
  invalid_grant: 'Discord did not accept the authorization code. Please sign in again.',
  discord_unavailable: 'Discord could not be reached. Please try again in a moment.',
  discord_error: 'Discord reported an error. Please try again.',
} as const;
type LoginFailure = keyof typeof LOGIN_FAILURES;

/** Codes the dashboard turns into 'The bot was not added to {server}.' plus a reason. */
export type BotInviteFailure =
  | 'access_denied'
  | 'bot_not_added'
  | 'browser_mismatch'
  | 'invalid_state'
  | 'invalid_grant'
  | 'discord_unavailable'
  | 'wrong_server';

const loginFailure = (ctx: AppContext, error: LoginFailure) =>
  appUrl(ctx.settings.appUrl, '/auth/callback', {
    query: { error, error_description: LOGIN_FAILURES[error] },
  });

/** A bot invite ends on the dashboard of the session the person already has: never a new one. */
const inviteOutcome = (ctx: AppContext, guildId: string | null, flags: Record<string, string>) =>
  appUrl(ctx.settings.appUrl, '/dashboard', {
    query: { ...flags, ...(guildId ? { guild_id: guildId } : {}) },
  });
const inviteFailure = (ctx: AppContext, code: BotInviteFailure, guildId: string | null) =>
  inviteOutcome(ctx, guildId, { bot_error: code });

async function completeLogin(
  ctx: AppContext,
  log: FastifyBaseLogger,
  code: string,
  clientCheck: string | null,
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
  const session = await createSession(
    ctx.db,
    ctx.settings.jwtSecret,
    user.id,
    ctx.settings.accessTokenTtlSeconds,
  );
  return appUrl(ctx.settings.appUrl, '/auth/callback', {
    fragment: {
      code: randomUUID(),
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      // the web app accepts the tokens only when this matches what it kept before leaving
      ...(clientCheck ? { check: clientCheck } : {}),
    },
  });
}

/**
 * The bot invite's return. The state row proves who started it and for which server; the bot's
 * own token then confirms it is really there. With "Requires OAuth2 Code Grant" on Discord also
 * sends a code: it is exchanged as proof (single-use, bound to our client and redirect URI), and
 * the guild its answer names must be the bound one. Without it Discord sends no code, only a
 * `guild_id` hint, which must not name another server (docs/production.md › Discord).
 *
 * The invite's token is never revoked: Discord keeps one authorization per user and application,
 * so revoking it would end the manager's login tokens and Linked Roles connection too
 * (emulator/README.md › Discord, POST /oauth2/token/revoke).
 */
async function completeBotInvite(
  ctx: AppContext,
  log: FastifyBaseLogger,
  state: ConsumedState,
  query: Query,
): Promise<string> {
  const bound = state.guildId;
  if (!bound) return inviteFailure(ctx, 'invalid_state', null);
  const named = query.code
    ? ((await ctx.integrations.discordOAuth.exchangeCode(query.code)).guild_id ?? null)
    : (query.guild_id ?? bound);
  if (!named || !new RegExp(SNOWFLAKE_PATTERN).test(named) || named !== bound)
    return inviteFailure(ctx, 'wrong_server', bound);
  // Confirm with the bot's own token that it really is there now.
  const guild = await ctx.integrations.discordBot.getGuild(bound);
  await markBotPresence(ctx.db, bound, guild !== null);
  if (!guild) return inviteFailure(ctx, 'bot_not_added', bound);
  // the shared guild list is now out of date: the next reader fetches it again
  await invalidateBotGuilds(ctx);
  log.info({ userId: state.userId, guildId: bound }, 'bot added to a server');
  return inviteOutcome(ctx, bound, { bot_added: 'true' });
}

/** Fixed texts for the Linked Roles page: nothing Discord or a link's author wrote is shown. */
const LINKED_ROLES_FAILURES = {
  access_denied: 'The Discord authorization was cancelled. Nothing changed.',
  browser_mismatch: 'This link was started in another browser. Please try again.',
  other_account:
    'That Discord account is not the one you are signed in with. Nothing changed: connect with the account you signed in with.',
  no_scope: 'Discord did not grant RoConnect the Linked Roles permission. Nothing changed.',
  invalid_grant: 'Discord did not accept the authorization. Please connect again.',
  discord_unavailable: 'Discord could not be reached. Please try again in a moment.',
} as const;

/** Connect on the Linked Roles page ends back there: connected, or why not. */
const linkedRolesPage = (
  ctx: AppContext,
  outcome: 'connected' | keyof typeof LINKED_ROLES_FAILURES,
) =>
  appUrl(ctx.settings.appUrl, '/account/linked-roles', {
    query:
      outcome === 'connected'
        ? { linked_roles: 'connected' }
        : { error: outcome, error_description: LINKED_ROLES_FAILURES[outcome] },
  });

async function completeLinkedRoles(
  ctx: AppContext,
  log: FastifyBaseLogger,
  state: ConsumedState,
  query: Query,
): Promise<string> {
  if (query.error) return linkedRolesPage(ctx, 'access_denied');
  if (!state.sameBrowser) return linkedRolesPage(ctx, 'browser_mismatch');
  if (!state.userId || !query.code) return linkedRolesPage(ctx, 'invalid_grant');
  try {
    return linkedRolesPage(ctx, await connectLinkedRoles(ctx, state.userId, query.code));
  } catch (err) {
    return linkedRolesPage(ctx, integrationFailure(err, log));
  }
}

function integrationFailure(
  err: unknown,
  log: FastifyBaseLogger,
): 'invalid_grant' | 'discord_unavailable' {
  if (!(err instanceof IntegrationError)) throw err;
  log.warn({ kind: err.kind, status: err.status }, 'Discord callback failed');
  return err.kind === 'invalid_grant' ? 'invalid_grant' : 'discord_unavailable';
}

/** Discord's redirect after login, a bot invite or Linked Roles' Connect → where the web app should go. */
export async function handleDiscordCallback(
  ctx: AppContext,
  request: OAuthReturn<Query>,
): Promise<string> {
  const { query, log } = request;
  const state = await consumeReturnedState(ctx, request, [
    'discord_login',
    'bot_invite',
    'linked_roles',
  ]);
  if (state?.purpose === 'linked_roles') return completeLinkedRoles(ctx, log, state, query);
  if (state?.purpose === 'bot_invite') {
    if (query.error) return inviteFailure(ctx, 'access_denied', state.guildId);
    if (!state.sameBrowser) return inviteFailure(ctx, 'browser_mismatch', state.guildId);
    try {
      return await completeBotInvite(ctx, log, state, query);
    } catch (err) {
      return inviteFailure(ctx, integrationFailure(err, log), state.guildId);
    }
  }
  if (query.error) {
    return loginFailure(ctx, query.error === 'access_denied' ? 'access_denied' : 'discord_error');
  }
  if (!state) {
    // Discord names the server on a bot invite's return: say so on the dashboard, not the login page.
    const invitedGuild = query.guild_id && new RegExp(SNOWFLAKE_PATTERN).test(query.guild_id);
    return invitedGuild
      ? inviteFailure(ctx, 'invalid_state', query.guild_id!)
      : loginFailure(ctx, 'invalid_state');
  }
  if (!state.sameBrowser) return loginFailure(ctx, 'browser_mismatch');
  if (!query.code) return loginFailure(ctx, 'invalid_request');
  try {
    return await completeLogin(ctx, log, query.code, state.clientCheck);
  } catch (err) {
    return loginFailure(ctx, integrationFailure(err, log));
  }
}
