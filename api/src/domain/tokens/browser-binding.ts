import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Settings } from '../../config';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import { STATE_TTL_MS, consumeState, type ConsumedState, type StatePurpose } from './oauth-state';

/**
 * Ties an OAuth flow to the browser that started it (docs/security.md): the route that hands out
 * an authorize URL sets an HttpOnly cookie with a random browser id, the state row keeps its hash,
 * and the callback completes only when the same cookie comes back. One id per browser, reused by
 * every flow it starts, so two tabs signing in at once do not undo each other.
 */
const PLAIN_NAME = 'rc_oauth_browser';
const SECURE_NAME = '__Host-rc_oauth_browser';
const ID_PATTERN = /^[\w-]{43}$/;

const isHttps = (settings: Settings) => settings.apiUrl.startsWith('https:');
const cookieName = (settings: Settings) => (isHttps(settings) ? SECURE_NAME : PLAIN_NAME);

function readBrowserId(request: FastifyRequest, settings: Settings): string | null {
  const value = request.cookies[cookieName(settings)];
  return value && ID_PATTERN.test(value) ? value : null;
}

/** Sets (or renews) the binding cookie and answers the hash to store with the state. */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, settings: Settings) {
  const id = readBrowserId(request, settings) ?? randomToken(32);
  reply.setCookie(cookieName(settings), id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(settings),
    // a little longer than a state lives, so a flow started at the last moment still completes
    maxAge: Math.ceil((STATE_TTL_MS * 1.5) / 1000),
  });
  return sha256(id);
}

/** The hash of the binding cookie this request carries; null without one. */
export function browserHashOf(request: FastifyRequest, settings: Settings): string | null {
  const id = readBrowserId(request, settings);
  return id ? sha256(id) : null;
}

/** An OAuth provider's redirect back to one of the API's callback routes; `?state=` names the flow. */
export type OAuthReturn<Q extends { state?: string }> = FastifyRequest & { query: Q };

/**
 * The flow an OAuth redirect back names, consumed (once) for one of the `allowed` purposes and
 * matched to the browser that started it; null when it is unknown, expired or used.
 */
export function consumeReturnedState(
  ctx: AppContext,
  request: OAuthReturn<{ state?: string }>,
  allowed: StatePurpose[],
): Promise<ConsumedState | null> {
  return consumeState(
    ctx.db,
    ctx.settings.encryptionKey,
    request.query.state,
    allowed,
    browserHashOf(request, ctx.settings),
  );
}
