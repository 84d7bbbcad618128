// Node-safe entry: the browser worker lives in './browser' so tests never load it.
export { createMockDb, mockDb, resetMockDb, nextSnowflake, nextToken } from './db';
export type {
  MockAuditEntry,
  MockBind,
  MockDb,
  MockGroup,
  MockLinkedAccount,
  MockMember,
  MockServer,
  MockSession,
} from './db';
export {
  DEMO_ACCESS_TOKEN,
  DEMO_REFRESH_TOKEN,
  DEMO_USER,
  SEED_ACCOUNTS,
  SEED_GROUP_ID,
  SEED_SERVERS,
  defaultSeed,
} from './seed';
export { createHandlers, handlers } from './handlers';
export { failNext, networkErrorNext } from './overrides';
export type { FailOptions, MockMethod } from './overrides';
export { MOCK_CSP_NONCE } from './handlers/public';
