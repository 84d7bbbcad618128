import type { Static } from 'typebox';
import type { AppContext } from '../../context';
import { IntegrationError } from '../../integrations/types';
import { appUrl } from '../../lib/redirect';
import { consumeReturnedState, type OAuthReturn } from '../../domain/tokens/browser-binding';
import { linkAccount } from '../../domain/accounts/accounts';
import type { RobloxCallbackQuerySchema } from '@roconnect/shared-lib/contract/schemas';

type Query = Static<typeof RobloxCallbackQuerySchema>;

const to = (ctx: AppContext, query: Record<string, string>) =>
  appUrl(ctx.settings.appUrl, '/roblox/callback', { query });
const failure = (ctx: AppContext, error: string, error_description: string) =>
  to(ctx, { error, error_description });

/** Roblox's redirect → link the account (PKCE verifier from the state row) → where the web app goes. */
export async function handleRobloxCallback(
  ctx: AppContext,
  request: OAuthReturn<Query>,
): Promise<string> {
  const { query, log } = request;
  const state = await consumeReturnedState(ctx, request, ['roblox_link']);
  if (query.error) {
    // Fixed texts only: what Roblox (or a crafted link) wrote is never shown to the person.
    return query.error === 'access_denied'
      ? failure(ctx, 'access_denied', 'The Roblox authorization was cancelled.')
      : failure(ctx, 'roblox_error', 'Roblox reported an error. Please try linking again.');
  }
  if (!state?.userId || !state.verifier) {
    return failure(
      ctx,
      'invalid_state',
      'This link request has expired or was already used. Start linking again from the dashboard.',
    );
  }
  // Someone else's authorize URL, finished in this browser: link nothing (docs/security.md, S1).
  if (!state.sameBrowser) {
    return failure(
      ctx,
      'browser_mismatch',
      'This link was started in another browser. Please try again.',
    );
  }
  if (!query.code)
    return failure(ctx, 'invalid_request', 'Roblox did not send an authorization code.');
  try {
    const { access_token } = await ctx.integrations.robloxOAuth.exchangeCode(
      query.code,
      state.verifier,
    );
    const info = await ctx.integrations.robloxOAuth.getUserInfo(access_token);
    const avatarUrl =
      info.picture ??
      (await ctx.integrations.roblox.getAvatarHeadshotUrl(info.sub).catch(() => null));
    const outcome = await linkAccount(ctx.db, state.userId, {
      robloxId: info.sub,
      username: info.preferred_username,
      displayName: info.name,
      avatarUrl,
    });
    if (!outcome.ok) {
      return failure(
        ctx,
        'account_already_linked',
        'This Roblox account is already linked to another Discord user.',
      );
    }
    log.info({ userId: state.userId, robloxId: info.sub }, 'linked Roblox account');
    return to(ctx, { code: 'success', state: 'linked' });
  } catch (err) {
    if (err instanceof IntegrationError) {
      log.warn({ kind: err.kind, status: err.status }, 'Roblox callback failed');
      return err.kind === 'invalid_grant'
        ? failure(
            ctx,
            'invalid_grant',
            'Roblox did not accept the authorization. Please try linking again.',
          )
        : failure(
            ctx,
            'roblox_unavailable',
            'Roblox could not be reached. Please try again in a moment.',
          );
    }
    throw err;
  }
}
