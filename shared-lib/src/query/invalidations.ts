import { partialMatchKey, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * After a change to one server (a section of its page saved, a setup step): every screen showing
 * it reads it again (the page's sections, the health check, the binds, the setup status on the
 * dashboard), and its audit log starts again at its newest page, as a fresh visit shows it.
 */
export function serverChanged(client: QueryClient, serverId: string): Promise<void> {
  const auditLogs = queryKeys.auditLogs(serverId);
  return Promise.all([
    client.resetQueries({ queryKey: auditLogs }),
    client.invalidateQueries({
      queryKey: queryKeys.server(serverId),
      predicate: (query) => !partialMatchKey(query.queryKey, auditLogs),
    }),
  ]).then(() => undefined);
}

/** After a link or an unlink: the accounts, and the loads that include them, read again. */
export function accountsChanged(client: QueryClient): Promise<void> {
  return Promise.all(
    [queryKeys.linkedAccounts(), queryKeys.dashboard(), queryKeys.verification()].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/** The dashboard reads everything again (Try Again, after a setup). */
export function dashboardChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.dashboard() });
}
