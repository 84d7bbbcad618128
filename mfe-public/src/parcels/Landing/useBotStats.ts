import { useEffect, useState } from 'react';
import { api, type BotStats } from '@roconnect/shared-lib';

const EMPTY: BotStats = { total_users: 0, total_servers: 0 };

/**
 * /api/bot-stats. The counts the page came with (inlined by the shell's server, which also wrote
 * them into the prerendered view) are shown from the first render, with no call; otherwise they
 * start at 0 and stay 0 when the call fails, which is only logged.
 */
export function useBotStats(): BotStats {
  const [inlined] = useState(() => api.public.takeInlinedBotStats());
  const [stats, setStats] = useState<BotStats>(inlined ?? EMPTY);
  useEffect(() => {
    if (inlined) return;
    let active = true;
    api.public
      .botStats()
      .then((data) => {
        if (active) setStats(data);
      })
      .catch((error: unknown) => {
        // A warning, not an error: the landing stays fully usable without the counts.
        console.warn('Bot stats could not be loaded', error);
      });
    return () => {
      active = false;
    };
  }, [inlined]);
  return stats;
}
