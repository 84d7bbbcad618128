import { useEffect, useState } from 'react';
import { api, type BotStats } from '@roconnect/shared-lib';

const EMPTY: BotStats = { total_users: 0, total_servers: 0 };

/** /api/bot-stats; the counts start at 0 and stay 0 when the call fails, which is only logged. */
export function useBotStats(): BotStats {
  const [stats, setStats] = useState<BotStats>(EMPTY);
  useEffect(() => {
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
  }, []);
  return stats;
}
