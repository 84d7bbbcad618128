import { api, session, type LinkedAccount, type Server } from '@roconnect/shared-lib';

export interface DashboardData {
  accounts: LinkedAccount[];
  servers: Server[];
  robloxConfigured: boolean;
}

/**
 * Spec §4 dashboard load: a token refresh first (its failure is ignored), then accounts, servers
 * and the Roblox OAuth status together; only the status may fail silently.
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
