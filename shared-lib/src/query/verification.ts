import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/endpoints';
import { session } from '../api/session';
import type { LinkedAccount, Server } from '../contract/types';
import { showSyncedServers } from './dashboard';
import { linkedAccountsQuery, verificationServersQuery } from './queries';
import { queryKeys } from './queryKeys';

export interface VerificationChoices {
  accounts: LinkedAccount[];
  servers: Server[];
}

/**
 * The verify page's load (docs/product.md › Verify): the refresh and the server sync first (their
 * failures are ignored), then the accounts and the servers the user can verify in.
 */
export const verificationQuery = () =>
  queryOptions({
    queryKey: queryKeys.verification(),
    queryFn: async ({ client }): Promise<VerificationChoices> => {
      // In turn, not together: the sync must carry the access token the refresh may just have
      // rotated.
      await session.refresh();
      const synced = await api.dashboard.syncServers().catch(() => undefined);
      if (synced) showSyncedServers(client, synced);
      const [accounts, servers] = await Promise.all([
        client.fetchQuery(linkedAccountsQuery()),
        client.fetchQuery(verificationServersQuery()),
      ]);
      return { accounts, servers };
    },
  });
