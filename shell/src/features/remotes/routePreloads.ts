import { preloadParcel, type RemoteName } from './remoteRegistry';

/** What a visitor on a path is likely to open next; fetched in the background. */
const NEXT: { match: RegExp; parcels: [RemoteName, string][] }[] = [
  { match: /^\/$/, parcels: [['mfe_public', 'Login']] },
  { match: /^\/(login|auth\/callback)$/, parcels: [['mfe_accounts', 'AccountsTab']] },
];

/**
 * What the dashboard's visitor is likely to open next. Fetched once the dashboard shows its data
 * (DashboardPage), not as it opens: until then the bandwidth belongs to its own scripts and calls.
 */
const FROM_DASHBOARD: [RemoteName, string][] = [
  ['mfe_servers', 'ServersTab'],
  ['mfe_setup', 'SetupWizard'],
  ['mfe_accounts', 'Verify'],
];

export function preloadNextRoutes(pathname: string): void {
  NEXT.filter(({ match }) => match.test(pathname)).forEach(({ parcels }) =>
    parcels.forEach(([remote, expose]) => preloadParcel(remote, expose)),
  );
}

export function preloadFromDashboard(): void {
  FROM_DASHBOARD.forEach(([remote, expose]) => preloadParcel(remote, expose));
}
