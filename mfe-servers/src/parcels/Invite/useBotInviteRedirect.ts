import { useCallback, useEffect, useState } from 'react';
import {
  api,
  apiErrorMessage,
  dashboardPath,
  navigate,
  redirectExternal,
} from '@roconnect/shared-lib';

export type BotInviteState = { status: 'redirecting' } | { status: 'failed'; message: string };

/**
 * Asks the API for Discord's bot authorisation URL and sends the browser there; without a server
 * id there is nothing to invite to, so back to the dashboard (docs/product.md › Inviting the bot).
 */
export function useBotInviteRedirect(serverId: string | undefined) {
  const [state, setState] = useState<BotInviteState>({ status: 'redirecting' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!serverId) {
      navigate(dashboardPath('servers'), { replace: true });
      return;
    }
    let cancelled = false;
    setState({ status: 'redirecting' });
    api.dashboard
      .inviteUrl(serverId)
      .then(({ invite_url }) => {
        if (!cancelled) redirectExternal(invite_url);
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: apiErrorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [serverId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
