import type { User } from '../contract/types';
import { REFRESH_LEAD_MS } from '../constants';
import { api } from '../api/endpoints';
import { readJwtExpiry, tokenStorage } from './tokenStorage';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';
export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** where a session that ended on its own (401, expired Discord login) should send the user */
  signedOutTo?: string;
}

type Listener = (state: SessionState) => void;

let state: SessionState = { status: 'unknown', user: null };
const listeners = new Set<Listener>();
let refreshInFlight: Promise<boolean> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener(state));
}

/**
 * The signed-in user, shared by the shell and every remote through the shared-lib singleton.
 * Nothing here reaches React context, so each parcel's own React root sees the same session.
 */
export const session = {
  getState: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAuthenticated: (): boolean => tokenStorage.getAccessToken() !== null,

  /**
   * Spec §4 session start: check the stored token with /auth/me. A valid token gives the
   * authenticated state; a token the server rejects is cleared. A network failure keeps the token
   * (the user may be offline) but leaves the state anonymous.
   */
  async start(): Promise<SessionState> {
    if (!tokenStorage.getAccessToken()) {
      setState({ status: 'anonymous', user: null });
      return state;
    }
    try {
      const user = await api.auth.me();
      setState({ status: 'authenticated', user });
      scheduleRefresh();
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 401 || status === 403) tokenStorage.clear();
      setState({ status: 'anonymous', user: null });
    }
    return state;
  },

  /** Store tokens from the login callback and load the user. */
  async signIn(accessToken: string, refreshToken: string | null): Promise<User> {
    tokenStorage.setTokens(accessToken, refreshToken);
    const user = await api.auth.me();
    setState({ status: 'authenticated', user });
    scheduleRefresh();
    return user;
  },

  /**
   * Rotate the tokens. Single-flight: concurrent callers share one request, because the API
   * revokes the whole session when a refresh token is used twice. Resolves false on failure.
   */
  refresh(): Promise<boolean> {
    if (refreshInFlight) return refreshInFlight;
    const refreshToken = tokenStorage.getRefreshToken();
    if (!refreshToken) return Promise.resolve(false);
    refreshInFlight = api.auth
      .refresh(refreshToken)
      .then((data) => {
        tokenStorage.setTokens(data.access_token, data.refresh_token);
        scheduleRefresh();
        return true;
      })
      .catch(() => false)
      .finally(() => {
        refreshInFlight = null;
      });
    return refreshInFlight;
  },

  /** Spec §4 logout: end the session and clear the tokens, whether or not the call succeeds. */
  async logout(): Promise<boolean> {
    let ok = true;
    try {
      await api.auth.logout();
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
};

function clearLocal(signedOutTo?: string): void {
  clearTimeout(refreshTimer);
  tokenStorage.clear();
  setState({ status: 'anonymous', user: null, signedOutTo });
}

/** Refresh proactively shortly before the access token expires. */
function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  const token = tokenStorage.getAccessToken();
  const exp = token ? readJwtExpiry(token) : null;
  if (!exp) return;
  const delay = Math.max(0, exp * 1000 - Date.now() - REFRESH_LEAD_MS);
  refreshTimer = setTimeout(() => void session.refresh(), delay);
}
