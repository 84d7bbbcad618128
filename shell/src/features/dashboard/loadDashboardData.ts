import { tokenStorage } from '@roconnect/shared-lib/host';
import {
  dashboardLoadStartedAtBoot,
  markDashboardLoadStartedAtBoot,
  takeBootDashboardLoad,
} from './bootDashboardLoad';

export type { DashboardData } from '@roconnect/shared-lib/query';

/**
 * The page's data layer (React Query and the page's query cache) and the dashboard's body, each a
 * chunk of its own: a dashboard fetches them, the landing and the login never do
 * (docs/performance.md › Size budgets).
 */
export const loadQueryLayer = () => import('@roconnect/shared-lib/query');
// named: the shell's server hints this chunk and the query layer it imports on /dashboard
// (landing-assets.json's `pages`, the route table's `pageChunk`)
export const loadDashboardContent = () =>
  import(/* webpackChunkName: "dashboard" */ './DashboardContent');

/**
 * On a page opened at /dashboard with stored tokens, the shell starts the dashboard's load as it
 * boots, beside the session check (`/auth/me`) instead of after it: the load refreshes the tokens
 * first anyway, and the session id an access token carries survives a refresh, so the two do not
 * disturb each other (docs/performance.md › Early load). The load goes into the page's query
 * cache, where it takes the answers of the page's inline early load; the page's first mount shows
 * it. True when it started.
 */
export function startDashboardLoadEarly(): boolean {
  if (dashboardLoadStartedAtBoot() || !tokenStorage.getRefreshToken()) return false;
  markDashboardLoadStartedAtBoot();
  // prefetchQuery reports nothing: a load nobody takes (the session check sent the visitor to
  // /login) stays quiet, and the cache empties as the session ends
  void loadQueryLayer().then(({ queryClient, dashboardQuery }) =>
    queryClient.prefetchQuery(dashboardQuery()),
  );
  void loadDashboardContent();
  return true;
}

/** for tests */
export function forgetEarlyDashboardLoad(): void {
  takeBootDashboardLoad();
  void loadQueryLayer().then(({ forgetEarlyAnswers }) => forgetEarlyAnswers());
}
