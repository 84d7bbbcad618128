import { TIMEOUTS } from '../constants';
// the route tables, not API_PATHS: this is inlined into the page, and API_PATHS holds every path
import { AUTH_ROUTES, DASHBOARD_ROUTES, ROBLOX_ROUTES } from '../contract/apiRoutes';
import type { RefreshData } from '../contract/types';
import { accessTokenIsDue } from '../session/accessTokenExpiry';
import { withRefreshLock } from '../session/refreshLock';
import { tokenStorage } from '../session/tokenStorage';
import {
  EARLY_LOAD_GLOBAL,
  successData,
  type EarlyAnswer,
  type EarlyLoad,
  type EarlyLoadScope,
  type EarlyRenewal,
} from './earlyLoad';

/** The calls the dashboard's load makes once its refresh is done (docs/product.md › Dashboard). */
export const EARLY_DASHBOARD_PATHS = [
  DASHBOARD_ROUTES.linkedAccounts.path,
  DASHBOARD_ROUTES.userServers.path,
  ROBLOX_ROUTES.status.path,
] as const;

/**
 * Runs inline in the /dashboard page, before the shell's scripts have downloaded: the session check
 * (`/auth/me`) beside the dashboard's refresh, then its three data calls, so they travel while the
 * scripts do (docs/performance.md › Early load). The session takes the refresh
 * (`takeEarlyRefresh`), the page's query cache the data answers (query/earlyAnswers.ts); a call
 * that did not succeed is made again through the usual client, so every failure is handled where
 * it always was.
 *
 * It does nothing unless the page has both tokens, an access token that is not due for renewal
 * (the shell renews those first) and Web Locks: the refresh takes the same browser-wide lock as
 * the session's, so no refresh token is ever spent twice.
 */
export function startEarlyDashboardLoad(
  apiBaseUrl: string,
  scope: EarlyLoadScope = window as unknown as EarlyLoadScope,
): EarlyLoad | null {
  if (scope[EARLY_LOAD_GLOBAL]) return null;
  const accessToken = tokenStorage.getAccessToken();
  if (!accessToken || !tokenStorage.getRefreshToken() || accessTokenIsDue(accessToken)) return null;
  if (typeof navigator === 'undefined' || typeof navigator.locks?.request !== 'function')
    return null;
  const base = apiBaseUrl.replace(/\/+$/, '');

  const call = (path: string, init: RequestInit): Promise<EarlyAnswer | null> =>
    fetch(`${base}${path}`, {
      ...init,
      credentials: 'omit',
      signal: AbortSignal.timeout(TIMEOUTS.standardMs),
    }).then(
      async (response) => ({
        status: response.status,
        body: (await response.json().catch(() => null)) as unknown,
      }),
      () => null,
    );
  const get = (path: string, token: string) =>
    call(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });

  const refreshed = withRefreshLock(async (): Promise<EarlyRenewal | null> => {
    // inside the lock storage is the truth: another tab may have just rotated the tokens
    const refreshToken = tokenStorage.getRefreshToken();
    if (!refreshToken) return null;
    const answer = await call(AUTH_ROUTES.refresh.path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    const data = successData(answer) as RefreshData | undefined;
    if (typeof data?.access_token !== 'string') return null;
    tokenStorage.setTokens(data.access_token, data.refresh_token);
    return { accessToken: data.access_token, receivedAt: Date.now() };
  }).catch(() => null);

  const answers: EarlyLoad['answers'] = {
    [AUTH_ROUTES.me.path]: get(AUTH_ROUTES.me.path, accessToken),
  };
  for (const path of EARLY_DASHBOARD_PATHS)
    answers[path] = refreshed.then((renewal) => (renewal ? get(path, renewal.accessToken) : null));
  const load: EarlyLoad = { refreshed, answers };
  scope[EARLY_LOAD_GLOBAL] = load;
  return load;
}
