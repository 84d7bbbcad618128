// Built on its own (scripts/build-early-load.mjs) and inlined by the shell's server into the
// /dashboard page, after the inlined config.json it reads: the dashboard's first calls leave
// while the shell's scripts are still downloading (shared-lib/src/earlyLoad).
import { startEarlyDashboardLoad } from '@roconnect/shared-lib/early-load';
import { readInlineDeploy } from '../../inlineDeploy';

const config = readInlineDeploy().config as { apiBaseUrl?: unknown } | undefined;
if (typeof config?.apiBaseUrl === 'string') {
  try {
    startEarlyDashboardLoad(config.apiBaseUrl);
  } catch {
    // storage or fetch unavailable: the shell makes every call itself, as without this script
  }
}
