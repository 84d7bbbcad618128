import { useEffect } from 'react';
import { apiErrorMessage, dashboardPath, navigate, redirectExternal } from '@roconnect/shared-lib';
import { useBotInvite } from '@roconnect/shared-lib/query';

export type BotInviteState = { status: 'redirecting' } | { status: 'failed'; message: string };

/**
 * Asks the API for Discord's bot authorisation URL and sends the browser there; without a server
 * id there is nothing to invite to, so back to the dashboard (docs/product.md › Inviting the bot).
 */
export function useBotInviteRedirect(serverId: string | undefined) {
  const read = useBotInvite(serverId ?? '', { enabled: serverId !== undefined });

  useEffect(() => {
    if (!serverId) navigate(dashboardPath('servers'), { replace: true });
  }, [serverId]);

  const url = read.data?.invite_url;
  // each answer is a fresh OAuth start (dataUpdatedAt), followed once
  useEffect(() => {
    if (url) redirectExternal(url);
  }, [url, read.dataUpdatedAt]);

  const state: BotInviteState =
    read.isError && !read.isFetching
      ? { status: 'failed', message: apiErrorMessage(read.error) }
      : { status: 'redirecting' };
  return { state, retry: () => void read.refetch() };
}
