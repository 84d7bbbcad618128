import { preloadParcel, type RemoteName } from './remoteRegistry';

/** What a visitor on a path is likely to open next; fetched in the background. */
const NEXT: { match: RegExp; parcels: [RemoteName, string][] }[] = [
  { match: /^\/$/, parcels: [['mfe_public', 'Login']] },
  { match: /^\/(login|auth\/callback)$/, parcels: [['mfe_accounts', 'AccountsTab']] },
  {
    match: /^\/dashboard$/,
    parcels: [
      ['mfe_servers', 'ServersTab'],
      ['mfe_setup', 'SetupWizard'],
      ['mfe_accounts', 'Verify'],
    ],
  },
];

export function preloadNextRoutes(pathname: string): void {
  NEXT.filter(({ match }) => match.test(pathname)).forEach(({ parcels }) =>
    parcels.forEach(([remote, expose]) => preloadParcel(remote, expose)),
  );
}
