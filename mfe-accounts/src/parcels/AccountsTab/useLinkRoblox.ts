import { api, redirectExternal } from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';

export const LINK_FAILED_MESSAGE = 'Failed to start Roblox linking process. Please try again.';

/** Asks the API for Roblox's consent URL and sends the browser there. */
export function useLinkRoblox() {
  const start = useApiMutation({
    call: () => api.roblox.authUrl(),
    failure: LINK_FAILED_MESSAGE,
  });
  // Stays busy once the URL came: the page is leaving, and a second press would start a second
  // consent.
  const starting = start.isPending || start.isSuccess;

  async function startLinking() {
    const started = await start.run();
    if (started.ok) redirectExternal(started.data.auth_url);
  }

  return { starting, startLinking };
}
