import { api, session, type LinkedAccount, type Server } from '@roconnect/shared-lib';
import { tokenStorage } from '@roconnect/shared-lib/host';

export interface DashboardData {
  accounts: LinkedAccount[];
  servers: Server[];
  robloxConfigured: boolean;
}

/**
 * The dashboard's load: a token refresh first (its failure is ignored), then accounts, servers
 * and the Roblox OAuth status together; only the status may fail silently
 * (docs/product.md › Dashboard).
 */
export async function loadDashboardData(): Promise<DashboardData> {
  await session.refresh().catch(() => false);
  const [accounts, servers, robloxConfigured] = await Promise.all([
    api.dashboard.linkedAccounts(),
    api.dashboard.servers(),
    api.roblox
      .status()
      .then((status) => status.configured)
      .catch(() => false),
  ]);
  return { accounts, servers, robloxConfigured };
}

let startedEarly: Promise<DashboardData> | null = null;

/**
 * On a page opened at /dashboard with stored tokens, the shell starts the dashboard's load as it
 * boots, beside the session check (`/auth/me`) instead of after it: the load refreshes the tokens
 * first anyway, and the session id an access token carries survives a refresh, so the two do not
 * disturb each other (docs/performance.md › Early load). The page's first load takes it. True
 * when it started.
 */
export function startDashboardLoadEarly(): boolean {
  if (startedEarly || !tokenStorage.getRefreshToken()) return false;
  startedEarly = loadDashboardData();
  // a load nobody takes (the session check sent the visitor to /login) must not be reported
  startedEarly.catch(() => undefined);
  return true;
}

/** The load started at boot, once; later loads (Try Again, after a change) start afresh. */
export function loadDashboardDataOnce(): Promise<DashboardData> {
  const early = startedEarly;
  startedEarly = null;
  return early ?? loadDashboardData();
}

/** for tests */
export function forgetEarlyDashboardLoad(): void {
  startedEarly = null;
}
