import type { MockDb } from './dbTypes';
import { defaultSeed } from './seed';

export type {
  MockLinkedAccount,
  MockMember,
  MockServer,
  MockBind,
  MockChannel,
  MockPostedMessage,
  MockGroup,
  MockAuditEntry,
  MockSession,
  MockDb,
} from './dbTypes';

/** A fresh data set: the default seed with any top-level collections replaced by `seed`'s. */
export function createMockDb(seed: Partial<MockDb> = {}): MockDb {
  return structuredClone({ ...defaultSeed(), ...seed });
}

/** The data set behind the exported `handlers`. */
export const mockDb: MockDb = createMockDb();

/** Put a data set back to the seed in place, so handlers bound to it see the reset. */
export function resetMockDb(db: MockDb = mockDb, seed: Partial<MockDb> = {}): MockDb {
  return Object.assign(db, createMockDb(seed));
}

/** A new Discord-style snowflake (18 digits) for roles the handlers create. */
export function nextSnowflake(db: MockDb): string {
  db.nextId += 1;
  return String(900_000_000_000_000_000n + BigInt(db.nextId));
}

/** A new opaque token; not a JWT, so the session never judges it expired: only a 401 renews it. */
export function nextToken(db: MockDb, kind: 'access' | 'refresh'): string {
  db.nextId += 1;
  return `mock-${kind}-token-${db.nextId}`;
}
