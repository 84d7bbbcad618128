import { isDashboardTab } from '@roconnect/shared-lib';
import { afterContentPainted } from './afterContentPainted';
import { preloadParcel, type RemoteName } from './remoteRegistry';

/** What a visitor on a path is likely to open next; fetched in the background. */
const NEXT: { match: RegExp; parcels: [RemoteName, string][] }[] = [
  { match: /^\/$/, parcels: [['mfe_public', 'Login']] },
  { match: /^\/(login|auth\/callback)$/, parcels: [['mfe_accounts', 'AccountsTab']] },
];

/**
 * What the dashboard's visitor is likely to open next. Fetched once the dashboard's tab has been
 * painted (DashboardPage), not as it opens: until then the bandwidth and the main thread belong
 * to its own scripts, calls and first paint.
 */
const FROM_DASHBOARD: [RemoteName, string][] = [
  ['mfe_servers', 'ServersTab'],
  ['mfe_setup', 'SetupWizard'],
  ['mfe_accounts', 'Verify'],
];

/** The parcel each dashboard tab shows. */
export const DASHBOARD_TAB_PARCELS = {
  accounts: ['mfe_accounts', 'AccountsTab'],
  servers: ['mfe_servers', 'ServersTab'],
} as const satisfies Record<string, [RemoteName, string]>;

export function preloadNextRoutes(pathname: string): void {
  NEXT.filter(({ match }) => match.test(pathname)).forEach(({ parcels }) =>
    parcels.forEach(([remote, expose]) => preloadParcel(remote, expose)),
  );
}

/**
 * The tab a page opened at /dashboard will show, loaded (entry, chunk, module) while the session
 * check and the data calls are on the network, instead of after the data has arrived.
 */
export function preloadDashboardTab(search: string): void {
  const requested = new URLSearchParams(search).get('tab');
  const [remote, expose] =
    DASHBOARD_TAB_PARCELS[isDashboardTab(requested) ? requested : 'accounts'];
  preloadParcel(remote, expose);
}

/**
 * The next routes, once the dashboard's tab that just mounted is on screen. Loading a parcel
 * twice is cheap: the federation runtime keeps what it loaded.
 */
export function preloadFromDashboardAfterPaint(): void {
  afterContentPainted(() =>
    FROM_DASHBOARD.forEach(([remote, expose]) => preloadParcel(remote, expose)),
  );
}
