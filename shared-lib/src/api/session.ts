import type { User } from '../contract/types';
import { STORAGE_KEYS } from '../constants';
import { takeEarlyRefresh } from '../earlyLoad/takeEarly';
import { accessTokenIsDue, learnServerClock } from '../session/accessTokenExpiry';
import { withRefreshLock } from '../session/refreshLock';
import { sessionState, type SessionState } from '../session/sessionState';
import { EXPIRED_LOGIN_PATH, LOGIN_PATH } from '../session/signedOutPaths';
import { tokenStorage } from '../session/tokenStorage';
import { api } from './endpoints';

export type { SessionState, SessionStatus } from '../session/sessionState';

/**
 * What renewing the tokens came to. `refused`: the API turned the refresh token down, so the
 * session is over (`tokenExpired` when it flagged `x-token-expired`). `failed`: no answer (offline,
 * 5xx), so the session may still be good and nobody should be signed out for it.
 */
export type RenewOutcome =
  | { result: 'renewed' }
  | { result: 'refused'; tokenExpired: boolean; error: unknown }
  | { result: 'failed'; error: unknown };

let renewInFlight: Promise<RenewOutcome> | null = null;
/**
 * Counts local sign-outs. A rotation that was under way when the session ended here must not put
 * its new tokens back in storage: the user logged out, so they stay out.
 */
let signOuts = 0;
/** The renewal in flight may take tokens another tab renewed instead of rotating (`replacing`). */
let renewInFlightMayReuse = false;

/**
 * The signed-in user, shared by the shell and every remote through the shared-lib singleton.
 * Nothing here reaches React context, so each parcel's own React root sees the same session.
 * It lives beside the API calls it makes (/auth/me, /auth/refresh, /auth/logout); the tokens and
 * the state it keeps are in session/, which never imports the API client.
 */
export const session = {
  getState: sessionState.get,
  subscribe: sessionState.subscribe,
  isAuthenticated: (): boolean => tokenStorage.getAccessToken() !== null,

  /**
   * The session start (docs/product.md › Sessions): check the stored token with /auth/me. A
   * valid token gives the authenticated state. An expired access token, or one /auth/me refuses,
   * gets one refresh first; only a refused refresh (or a token refused again after it) clears the
   * tokens. A network failure keeps the tokens (the user may be offline) but leaves the state
   * anonymous.
   */
  async start(): Promise<SessionState> {
    const accessToken = tokenStorage.getAccessToken();
    if (!accessToken && !tokenStorage.getRefreshToken()) {
      sessionState.set({ status: 'anonymous', user: null });
      return sessionState.get();
    }
    let renewed = false;
    if (!accessToken || accessTokenIsDue(accessToken)) {
      const outcome = await session.renew(accessToken);
      if (outcome.result === 'refused') return endAtStart(outcome.tokenExpired);
      renewed = outcome.result === 'renewed';
    }
    try {
      sessionState.set({ status: 'authenticated', user: await api.auth.me() });
      return sessionState.get();
    } catch (error) {
      if (statusOf(error) === 401 && !renewed) {
        // a token the API refuses gets one refresh and one more try, as any call does
        const outcome = await session.renew(tokenStorage.getAccessToken());
        if (outcome.result === 'refused')
          return endAtStart(outcome.tokenExpired || isTokenExpiredAnswer(error));
        if (outcome.result === 'renewed') return startWithRenewedToken();
        // no answer from the refresh: keep the tokens for when the API is back
        return startFailed(outcome.error);
      }
      return startFailed(error);
    }
  },

  /** Store tokens from the login callback and load the user. */
  async signIn(accessToken: string, refreshToken: string | null): Promise<User> {
    learnServerClock(accessToken);
    tokenStorage.setTokens(accessToken, refreshToken);
    const user = await api.auth.me();
    sessionState.set({ status: 'authenticated', user });
    return user;
  },

  /**
   * Rotate the tokens (the dashboard and verify loads, docs/product.md › Sessions). Resolves
   * false on failure. Shares the tab's single flight and the browser's refresh lock with `renew`.
   */
  async refresh(): Promise<boolean> {
    // the page's inline early load may have done this refresh already (earlyLoad/)
    const early = await takeEarlyRefresh();
    if (early) {
      learnServerClock(early.accessToken, early.receivedAt);
      return true;
    }
    // A renewal that may reuse another tab's tokens (the start check's) is not this call's
    // rotation: wait for it, then rotate (concurrent refresh calls still share one).
    if (renewInFlight && renewInFlightMayReuse) await renewInFlight;
    return (await session.renew()).result === 'renewed';
  },

  /**
   * Get fresh tokens. Single-flight in this tab (concurrent callers share one outcome) and one
   * tab at a time in this browser (a Web Lock), because the API ends the whole session when a
   * refresh token is used twice. `replacing` is the access token a caller found expired or
   * refused: when the lock is ours and storage already holds another one, another tab (or an
   * earlier refresh here) has renewed it, and that is used instead of spending a refresh token.
   * Without `replacing` the tokens are always rotated.
   */
  renew(replacing?: string | null): Promise<RenewOutcome> {
    if (renewInFlight) return renewInFlight;
    renewInFlightMayReuse = replacing !== undefined;
    renewInFlight = withRefreshLock(() => rotateTokens(replacing)).finally(() => {
      renewInFlight = null;
      renewInFlightMayReuse = false;
    });
    return renewInFlight;
  },

  /**
   * Logout (docs/product.md › Sessions): end the session and clear the tokens, whether or not the
   * call succeeds. The refresh token goes in the body, so the API can end the session even after
   * the access token has expired. Other tabs see the tokens go (see `followOtherTabs`).
   */
  async logout(): Promise<boolean> {
    // a rotation under way would leave the API holding a refresh token this call never named
    if (renewInFlight) await renewInFlight.catch(() => undefined);
    let ok = true;
    try {
      await api.auth.logout(tokenStorage.getRefreshToken());
    } catch {
      ok = false;
    }
    clearLocal();
    return ok;
  },

  /**
   * Forget the session locally (e.g. after the 401 interceptor cleared the tokens). `signedOutTo`
   * tells guarded pages where to send the user, so every redirect agrees on the same page.
   */
  clear: (signedOutTo?: string): void => clearLocal(signedOutTo),

  /**
   * Follow the tabs of this browser: when another tab signs out (logout, or a refused refresh),
   * its tokens leave localStorage and this tab signs out too, at once, instead of at its next
   * call. Returns a function that stops following.
   */
  followOtherTabs(): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onStorage = (event: StorageEvent) => {
      // key null: localStorage.clear() in the other tab
      if (event.key !== null && event.key !== STORAGE_KEYS.authToken) return;
      if (sessionState.get().status !== 'authenticated' || tokenStorage.getAccessToken()) return;
      clearLocal(LOGIN_PATH);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/** Inside the refresh lock: storage is the truth, since another tab may have just renewed. */
async function rotateTokens(replacing: string | null | undefined): Promise<RenewOutcome> {
  const current = tokenStorage.getAccessToken();
  if (replacing !== undefined && current && current !== replacing) return { result: 'renewed' };
  const refreshToken = tokenStorage.getRefreshToken();
  const signOutsBefore = signOuts;
  if (!refreshToken) {
    return { result: 'refused', tokenExpired: false, error: new Error('No refresh token.') };
  }
  try {
    const data = await api.auth.refresh(refreshToken);
    if (signOuts !== signOutsBefore)
      return { result: 'refused', tokenExpired: false, error: new Error('Signed out meanwhile.') };
    learnServerClock(data.access_token);
    tokenStorage.setTokens(data.access_token, data.refresh_token);
    return { result: 'renewed' };
  } catch (error) {
    const status = statusOf(error);
    // 4xx: the API looked at the token and said no. 408/429 and anything else: ask again later.
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
      return { result: 'refused', tokenExpired: isTokenExpiredAnswer(error), error };
    return { result: 'failed', error };
  }
}

async function startWithRenewedToken(): Promise<SessionState> {
  try {
    sessionState.set({ status: 'authenticated', user: await api.auth.me() });
    return sessionState.get();
  } catch (error) {
    return startFailed(error);
  }
}

/** A refused token ends the session; anything else (offline, 5xx) keeps the tokens for later. */
function startFailed(error: unknown): SessionState {
  const status = statusOf(error);
  if (status === 401 || status === 403) return endAtStart(isTokenExpiredAnswer(error));
  sessionState.set({
    status: 'anonymous',
    user: null,
    ...(status !== undefined && status >= 500 ? { serverErrorStatus: status } : {}),
  });
  return sessionState.get();
}

function endAtStart(tokenExpired = false): SessionState {
  tokenStorage.clear();
  // keep where the 401 interceptor (if it acted first) said the user should go
  const signedOutTo = tokenExpired ? EXPIRED_LOGIN_PATH : sessionState.get().signedOutTo;
  sessionState.set({ status: 'anonymous', user: null, signedOutTo });
  return sessionState.get();
}

function clearLocal(signedOutTo?: string): void {
  signOuts += 1;
  tokenStorage.clear();
  sessionState.set({ status: 'anonymous', user: null, signedOutTo });
}

function statusOf(error: unknown): number | undefined {
  return (error as { response?: { status?: number } }).response?.status;
}

/** The API's `x-token-expired: true`: the Discord authorisation behind the session is gone. */
export function isTokenExpiredAnswer(error: unknown): boolean {
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers;
  return String(headers?.['x-token-expired'] ?? '') === 'true';
}
