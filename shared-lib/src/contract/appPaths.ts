/**
 * Addresses inside the web app that more than one remote links to. The dashboard's tab is part of
 * its address, so a reload, a 'Back to Dashboard' and the browser's back button keep it.
 */
export const DASHBOARD_TABS = ['accounts', 'servers'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === 'string' && (DASHBOARD_TABS as readonly string[]).includes(value);
}

/** `/dashboard?tab=servers`; without a tab, the dashboard opens on Accounts. */
export function dashboardPath(tab?: DashboardTab): string {
  return tab ? `/dashboard?tab=${tab}` : '/dashboard';
}

/** `/verify`, or `/verify?server_id=…` to open the verify page with that server chosen. */
export function verifyPath(serverId?: string): string {
  return serverId ? `/verify?server_id=${encodeURIComponent(serverId)}` : '/verify';
}
