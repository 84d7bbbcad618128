import { setupMockServer } from '@roconnect/shared-lib/testing';

/**
 * The mock API for a test file (setupMockServer) and `record`, the mock data's server `serverId`:
 * what a test arranges before it renders, and what a save leaves there.
 */
export function setupMockServerOf(serverId: string) {
  const { server, db } = setupMockServer();
  return { server, db, record: () => db.servers.find((s) => s.server_id === serverId)! };
}
