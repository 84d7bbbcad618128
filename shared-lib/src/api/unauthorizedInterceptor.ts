import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { API_PATHS } from '../contract/paths';
import { accessTokenIsDue } from '../session/accessTokenExpiry';
import { EXPIRED_LOGIN_PATH, LOGIN_PATH } from '../session/signedOutPaths';
import { tokenStorage } from '../session/tokenStorage';
import { isTokenExpiredAnswer, session } from './session';

/**
 * A 403 that names its refusal (the API's `error` code: a server the user does not manage,
 * another user's account, a choice only the owner may make, a sign-in too old to delete the
 * account…) refuses that one request to a valid session; the screen that asked shows it. A list
 * of such codes here would sign people out for each new one nobody added to it. A plain 403 (no
 * code, or the bare `forbidden`) ends the session.
 */
const PLAIN_FORBIDDEN = 'forbidden';

/** A request config that remembers it is already the retry after a refresh. */
interface SessionRequestConfig extends InternalAxiosRequestConfig {
  retriedAfterRefresh?: boolean;
}

function isResourceRefusal(error: AxiosError): boolean {
  const body = error.response?.data as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && body.error !== '' && body.error !== PLAIN_FORBIDDEN;
}

/** The refresh and logout calls are the session's own business: never refreshed or retried. */
function isSessionCall(url: string | undefined): boolean {
  const path = url ?? '';
  return path.endsWith(API_PATHS.refresh) || path.endsWith(API_PATHS.logout);
}

/** The access token a request went out with (null without one). */
function tokenSentWith(config: InternalAxiosRequestConfig): string | null {
  const header = String(config.headers?.get?.('Authorization') ?? '');
  return /^Bearer (.+)$/.exec(header)?.[1] ?? null;
}

/**
 * The session's HTTP side, installed by the shell on every client (shared-lib's host entry, which
 * remotes may not import):
 * - before a call, an access token that has expired (or is about to) is renewed first;
 * - a 401 renews the tokens once and retries the call once (concurrent 401s share one refresh,
 *   see `session.renew`); a retry answered 401 again is not retried;
 * - only a refused refresh, a 401 after the retry, or a 403 about the session removes both tokens
 *   and goes to /login, or /login?message=discord_token_expired when the API said
 *   `x-token-expired: true` (docs/product.md › Sessions). A refresh that got no answer (offline)
 *   signs nobody out.
 * Returns a function that removes the interceptors again.
 */
export function installUnauthorizedInterceptor(
  clients: readonly AxiosInstance[],
  goTo: (path: string) => void,
): () => void {
  // Calls in flight together end together; the expired message, once given, is not taken back
  // by a plain 401 from a call that happened to settle after it.
  let signedOutTo: string | null = null;
  const signOut = (tokenExpired: boolean) => {
    const path = tokenExpired ? EXPIRED_LOGIN_PATH : LOGIN_PATH;
    const stillSignedOut =
      signedOutTo !== null && !tokenStorage.getAccessToken() && !tokenStorage.getRefreshToken();
    if (stillSignedOut && (signedOutTo === EXPIRED_LOGIN_PATH || path === LOGIN_PATH)) return;
    tokenStorage.clear();
    signedOutTo = path;
    goTo(path);
  };

  const renewBeforeSending = async (config: InternalAxiosRequestConfig) => {
    const token = tokenStorage.getAccessToken();
    if (isSessionCall(config.url) || !token || !accessTokenIsDue(token)) return config;
    const outcome = await session.renew(token);
    if (outcome.result === 'refused') {
      signOut(outcome.tokenExpired);
      throw outcome.error;
    }
    // renewed: the client's own interceptor (which runs after this one) sends the new token;
    // failed: send the old one and let the API decide
    return config;
  };

  const renewAndRetry = (client: AxiosInstance) => async (error: AxiosError) => {
    const config = error.config as SessionRequestConfig | undefined;
    const status = error.response?.status;
    if (!config || isSessionCall(config.url)) throw error;
    if (status === 401 && !config.retriedAfterRefresh) {
      const outcome = await session.renew(tokenSentWith(config));
      if (outcome.result === 'failed') throw error;
      if (outcome.result === 'renewed') {
        config.retriedAfterRefresh = true;
        return client.request(config);
      }
      signOut(outcome.tokenExpired || isTokenExpiredAnswer(error));
      throw error;
    }
    if (status === 401 || (status === 403 && !isResourceRefusal(error)))
      signOut(isTokenExpiredAnswer(error));
    throw error;
  };

  const ids = clients.map((client) => ({
    request: client.interceptors.request.use(renewBeforeSending),
    response: client.interceptors.response.use(undefined, renewAndRetry(client)),
  }));
  return () =>
    clients.forEach((client, i) => {
      client.interceptors.request.eject(ids[i]!.request);
      client.interceptors.response.eject(ids[i]!.response);
    });
}
