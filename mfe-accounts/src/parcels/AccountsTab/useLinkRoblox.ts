import { useState } from 'react';
import { api, redirectExternal, toast } from '@roconnect/shared-lib';

export const LINK_FAILED_MESSAGE = 'Failed to start Roblox linking process. Please try again.';

/** Asks the API for Roblox's consent URL and sends the browser there. */
export function useLinkRoblox() {
  const [starting, setStarting] = useState(false);

  async function startLinking() {
    setStarting(true);
    try {
      const { auth_url } = await api.roblox.authUrl();
      redirectExternal(auth_url);
      // Stay busy: the page is leaving, and a second press would start a second consent.
    } catch {
      toast.error(LINK_FAILED_MESSAGE);
      setStarting(false);
    }
  }

  return { starting, startLinking };
}
