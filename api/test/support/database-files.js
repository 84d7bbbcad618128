// Which API test files run on which database (api/README.md › Tests), as paths from api/. Read by
// jest.config.js; test/suite/database-files.test.ts fails when a path names no file.

/**
 * What PGlite and PostgreSQL may do differently. With TEST_DATABASE_URL set, `npm test` runs the
 * whole suite on PostgreSQL, then these again on PGlite (`test:pglite-specific`); without it, the
 * whole suite on PGlite.
 */
const DATABASE_SPECIFIC = [
  // migrations on a server's schema; migrating at start under an advisory lock, over kept data
  'test/db/migration-0004.test.ts',
  'test/db/migration-0012.test.ts',
  'test/app/restart.test.ts',
  // LISTEN on a connection of its own, and the caches and job workers it keeps in step
  'test/db/change-feed-postgres.test.ts',
  'test/features/dashboard/hot-path-cache.test.ts',
  'test/features/member-updates/member-update-wake.test.ts',
  'test/lib/job-wake-postgres.test.ts',
  // the job engine's fetches (FOR UPDATE SKIP LOCKED), a run's lease and its takeover
  'test/lib/job-polling.test.ts',
  'test/features/member-updates/member-update-sweep.test.ts',
  'test/features/member-updates/member-update-kill.test.ts',
  // webhook deliveries: the job engine's retries with backoff, a key's rate limit in Redis
  'test/features/developer-api/webhooks.test.ts',
  'test/features/developer-api/rate-limit-replicas.test.ts',
  // the gateway's shard leases and identify slots claimed from a pool's connections at once, and
  // a shard's takeover when its holder dies
  'test/gateway/lease-store.test.ts',
  'test/gateway/identify-throttle.test.ts',
  'test/gateway/gateway-takeover.test.ts',
  'test/gateway/gateway-kill-postgres.test.ts',
  // refresh-token rotation: transactions, and a row lock between two replays at once
  'test/features/auth/auth.test.ts',
  // the pool: connections held across Discord calls, acquire and statement timeouts
  'test/db/discord-refresh-burst-postgres.test.ts',
  // replicas on one database, with Redis and without it
  'test/app/scale-out.test.ts',
  'test/app/redis-outage.test.ts',
  // the binds preview reads every verified member's stored facts (jsonb) at once
  'test/features/binds/preview-speed.test.ts',
  // the member's export and deletion read every table of the schema (information_schema,
  // a row as text), and delete in one transaction
  'test/features/privacy/privacy.test.ts',
  // the purge's retention SQL
  'test/domain/maintenance/purge-retention.test.ts',
  'test/domain/sessions/purge-and-logout.test.ts',
  // a file's schemas dropped when it ends, its job queue's too
  'test/db/test-schemas-postgres.test.ts',
];

/**
 * What only the embedded PGlite does, run on it in the PGlite-specific pass too: a whole sign-in
 * to verify on one in-process connection, and the template each in-memory database starts from.
 */
const PGLITE_SPECIFIC = ['test/app/flow.test.ts', 'test/db/pglite-template.test.ts'];

/** Of those, the ones about PGlite alone: a PostgreSQL pass leaves them out. */
const PGLITE_ONLY = ['test/db/pglite-template.test.ts'];

/** Of the database-specific ones, those that need a PostgreSQL server: the PGlite pass leaves them out. */
const POSTGRES_ONLY = [
  'test/db/change-feed-postgres.test.ts', // a LISTEN connection to break
  'test/lib/job-wake-postgres.test.ts', // replicas with connections of their own
  'test/db/discord-refresh-burst-postgres.test.ts', // a pool to starve
  'test/features/member-updates/member-update-kill.test.ts', // API processes killed over one database
  'test/gateway/gateway-kill-postgres.test.ts', // gateway processes killed over one database
  'test/db/test-schemas-postgres.test.ts', // the server's schemas
];

/** Two API processes on one PostgreSQL and one Redis: only when TEST_REDIS_URL is set too. */
const POSTGRES_AND_REDIS = ['test/app/scale-out.test.ts'];

module.exports = {
  DATABASE_SPECIFIC,
  PGLITE_SPECIFIC,
  PGLITE_ONLY,
  POSTGRES_ONLY,
  POSTGRES_AND_REDIS,
};
