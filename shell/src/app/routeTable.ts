/**
 * Every page of the web app, as data: its address, what shows it, who may see it, its title, what
 * to load next and what the shell's server does for it before the browser asks. The router
 * (routes.tsx), the page titles (features/meta/pageMeta.ts), the preloads
 * (features/remotes/routePreloads.ts) and the shell's server (dist/route-table.json, written by
 * scripts/build-route-table.mjs) all read this table; shell/test/routeTable.test.ts checks it
 * against the remotes' exposed modules. Adding a page: one row here, and the parcel its remote
 * exposes (docs/README.md › Adding a page).
 */
import { API_PATHS, BRAND, SERVER_CONSOLE_SECTIONS, isDashboardTab } from '@roconnect/shared-lib';
import type { PageMeta } from '../features/meta/pageMeta';
import type { ParcelRef, RemoteName } from '../features/remotes/remoteRegistry';
import { routeRowFor } from './routeMatch';

/**
 * What a path shows: a remote's parcel (with extra props beside the route's params and query),
 * one of the shell's own pages, or a redirect.
 */
export type RoutePage =
  | { parcel: ParcelRef; label: string; props?: Record<string, string> }
  | { shell: 'dashboard' | 'authCallback' }
  | { redirect: string };

/**
 * `signedOut`: signed-in visitors go to the dashboard; `signedIn`: signed-out visitors go to the
 * login; `header`: anyone may open it, and a signed-in visitor gets the signed-in header.
 */
export type RouteGuard = 'none' | 'signedOut' | 'signedIn' | 'header';

export interface PageRoute {
  /** A react-router path: `:name` for one segment, `*` for every other address. */
  path: string;
  page: RoutePage;
  guard: RouteGuard;
  title: string;
  description?: string;
  /** Parcels a visitor here is likely to open next, fetched in the background. */
  preloadNext?: ParcelRef[];
  /**
   * For the shell's server: the parcel the page shows first, hinted in its HTML so the browser
   * fetches it beside the shell; with `prerender`, the remote's prerendered view of it (a file
   * beside its mf-manifest.json) is the page's first paint.
   */
  firstParcel?: ParcelRef & { prerender?: string };
  /** For the shell's server: public API answers it inlines in the page (docs/performance.md). */
  publicCalls?: string[];
  /** The page calls the API as it opens or at its first click: the HTTP client is hinted. */
  callsApiAtOnce?: boolean;
  /** The inline early load (dist/early-load/<file>) that starts this page's first calls. */
  earlyLoad?: string;
  /**
   * For the shell's server: the named chunk the shell fetches as it boots on this page
   * (landing-assets.json's `pages`), hinted in its HTML so it downloads beside the shell.
   */
  pageChunk?: string;
}

const DEFAULT_DESCRIPTION = `Link your ${BRAND.chat} and ${BRAND.game} accounts, verify in your servers and keep roles in sync.`;
const titled = (name: string) => `${name} · ${BRAND.product}`;
const parcel = (remote: RemoteName, expose: string): ParcelRef => ({ remote, expose });

/** The parcel each dashboard tab shows (the tab is part of the address: `/dashboard?tab=…`). */
export const DASHBOARD_TAB_PARCELS = {
  accounts: parcel('mfe_accounts', 'AccountsTab'),
  servers: parcel('mfe_servers', 'ServersTab'),
} as const satisfies Record<string, ParcelRef>;

/** Opened from the dashboard; fetched once its tab is painted, not as it opens. */
export const FROM_DASHBOARD: ParcelRef[] = [
  parcel('mfe_servers', 'ServersTab'),
  parcel('mfe_setup', 'SetupWizard'),
  parcel('mfe_accounts', 'Verify'),
];

export const ERROR_CODES = ['401', '403', '404', '500', '502'] as const;
const ERROR_TITLES: Record<(typeof ERROR_CODES)[number], string> = {
  '401': 'Sign in required',
  '403': 'Access denied',
  '404': 'Page not found',
  '500': 'Something went wrong',
  '502': 'Service unavailable',
};

const errorPage = (code: string) => ({
  parcel: parcel('mfe_public', 'ErrorPage'),
  label: 'Error',
  props: { code },
});

export const ROUTE_TABLE: PageRoute[] = [
  {
    path: '/',
    page: { parcel: parcel('mfe_public', 'Landing'), label: 'Home' },
    guard: 'none',
    title: `${BRAND.product} – Connect ${BRAND.chat} & ${BRAND.game}`,
    preloadNext: [parcel('mfe_public', 'Login')],
    firstParcel: { ...parcel('mfe_public', 'Landing'), prerender: 'prerender/landing.html' },
    publicCalls: [API_PATHS.botStats],
  },
  {
    path: '/login',
    page: { parcel: parcel('mfe_public', 'Login'), label: 'Sign in' },
    guard: 'signedOut',
    title: titled('Sign in'),
    description: `Sign in to ${BRAND.product} with your ${BRAND.chat} account.`,
    preloadNext: [DASHBOARD_TAB_PARCELS.accounts],
    firstParcel: parcel('mfe_public', 'Login'),
    callsApiAtOnce: true,
  },
  // The 401 page's Log In points at /auth; it leads to the login.
  { path: '/auth', page: { redirect: '/login' }, guard: 'none', title: titled('Sign in') },
  {
    path: '/auth/callback',
    page: { shell: 'authCallback' },
    guard: 'none',
    title: titled('Signing in'),
    preloadNext: [DASHBOARD_TAB_PARCELS.accounts],
    callsApiAtOnce: true,
  },
  {
    path: '/dashboard',
    page: { shell: 'dashboard' },
    guard: 'signedIn',
    title: titled('Dashboard'),
    description: `Your linked ${BRAND.game} accounts and ${BRAND.chat} servers.`,
    firstParcel: DASHBOARD_TAB_PARCELS.accounts,
    callsApiAtOnce: true,
    earlyLoad: 'dashboard.js',
    pageChunk: 'dashboard',
  },
  {
    path: '/roblox/callback',
    page: { parcel: parcel('mfe_accounts', 'RobloxCallback'), label: 'Roblox linking' },
    guard: 'header',
    title: titled(`Linking ${BRAND.game}`),
    callsApiAtOnce: true,
  },
  {
    path: '/verify',
    page: { parcel: parcel('mfe_accounts', 'Verify'), label: 'Verify' },
    guard: 'header',
    title: titled('Verify & Update'),
    description: `Verify a linked ${BRAND.game} account in a ${BRAND.chat} server.`,
    firstParcel: parcel('mfe_accounts', 'Verify'),
    callsApiAtOnce: true,
  },
  {
    path: '/account/privacy',
    page: { parcel: parcel('mfe_accounts', 'PrivacySettings'), label: 'Privacy & data' },
    guard: 'header',
    title: titled('Privacy & data'),
    description: `Choose where your ${BRAND.game} account is shown, see who looked you up, and download or delete your data.`,
    callsApiAtOnce: true,
  },
  {
    path: '/account/linked-roles',
    page: { parcel: parcel('mfe_accounts', 'LinkedRoles'), label: 'Linked Roles' },
    guard: 'header',
    title: titled('Linked Roles'),
    description: `See what ${BRAND.product} shares with ${BRAND.chat}'s Linked Roles, connect or disconnect.`,
    callsApiAtOnce: true,
  },
  {
    path: '/invite',
    page: { parcel: parcel('mfe_servers', 'Invite'), label: 'Invite' },
    guard: 'header',
    title: titled('Add the bot'),
    description: `Add the ${BRAND.product} bot to your ${BRAND.chat} server.`,
    callsApiAtOnce: true,
  },
  // The server console: one row per section (SERVER_CONSOLE_SECTIONS), all one parcel, which
  // stays mounted from section to section and server to server (the same parcel at the same place).
  ...SERVER_CONSOLE_SECTIONS.map((row): PageRoute => ({
    path:
      row.section === 'overview'
        ? '/server/edit/:serverId'
        : `/server/edit/:serverId/${row.section}`,
    page: {
      parcel: parcel('mfe_setup', 'ServerConfig'),
      label: 'Server configuration',
      props: { section: row.section },
    },
    guard: 'header',
    title: titled(row.title),
    description: row.description,
    callsApiAtOnce: true,
  })),
  {
    path: '/privacy',
    page: { parcel: parcel('mfe_public', 'Privacy'), label: 'Privacy policy' },
    guard: 'none',
    title: titled('Privacy Policy'),
    description: `How ${BRAND.product} handles your data.`,
    firstParcel: parcel('mfe_public', 'Privacy'),
  },
  {
    path: '/terms',
    page: { parcel: parcel('mfe_public', 'Terms'), label: 'Terms of service' },
    guard: 'none',
    title: titled('Terms of Service'),
    description: `The terms for using ${BRAND.product}.`,
    firstParcel: parcel('mfe_public', 'Terms'),
  },
  ...ERROR_CODES.map((code): PageRoute => ({
    path: `/${code}`,
    page: errorPage(code),
    guard: 'none',
    title: titled(ERROR_TITLES[code]),
  })),
  { path: '*', page: errorPage('404'), guard: 'none', title: titled(ERROR_TITLES['404']) },
];

/** The table's row for a pathname: the one the router shows there (routeMatch.ts). */
export function routeForPath(pathname: string): PageRoute {
  return routeRowFor(ROUTE_TABLE, pathname) ?? ROUTE_TABLE.find((route) => route.path === '*')!;
}

/** The title and description of the page at a pathname. */
export function metaForPath(pathname: string): PageMeta {
  const route = routeForPath(pathname);
  return { title: route.title, description: route.description ?? DEFAULT_DESCRIPTION };
}

/** The parcel of the tab a page opened at `/dashboard` + `search` shows (Accounts by default). */
export function dashboardTabParcel(search: string): ParcelRef {
  const requested = new URLSearchParams(search).get('tab');
  return DASHBOARD_TAB_PARCELS[isDashboardTab(requested) ? requested : 'accounts'];
}

/**
 * What the shell's server needs of each row (dist/route-table.json), the catch-all last: the
 * page's title and description, which it writes into the page's head (shell/server/pageHead.ts),
 * and what it hints, inlines and starts.
 */
export interface ServerRoute {
  /** the row's react-router path, which the server matches with routeMatch.ts as the router does */
  path: string;
  title: string;
  description: string;
  firstParcel?: ParcelRef & { prerender?: string };
  /**
   * A remote's page: the name of the region its parcel is mounted in (RemoteParcel), which the
   * server's frame around a prerendered view repeats.
   */
  parcelLabel?: string;
  publicCalls?: string[];
  callsApiAtOnce?: boolean;
  earlyLoad?: string;
  pageChunk?: string;
}

export function serverRouteTable(): ServerRoute[] {
  return ROUTE_TABLE.map((route) => ({
    path: route.path,
    title: route.title,
    description: route.description ?? DEFAULT_DESCRIPTION,
    ...(route.firstParcel ? { firstParcel: route.firstParcel } : {}),
    ...('parcel' in route.page ? { parcelLabel: route.page.label } : {}),
    ...(route.publicCalls ? { publicCalls: route.publicCalls } : {}),
    ...(route.callsApiAtOnce ? { callsApiAtOnce: true } : {}),
    ...(route.earlyLoad ? { earlyLoad: route.earlyLoad } : {}),
    ...(route.pageChunk ? { pageChunk: route.pageChunk } : {}),
  }));
}
