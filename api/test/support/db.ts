import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client';
import { jobSchemaOf } from '../../src/lib/job-engine';
import { readPgliteTemplate } from './pglite-template';

/** Which database the suite runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  database: Database;
  /** opens another connection to the same data (to simulate an API restart) */
  reopen(): Promise<Database>;
  cleanup(): Promise<void>;
}

/**
 * A new data folder starts from the run's template, as a database in memory does: the API would
 * otherwise run initdb in a process of its own, seconds of CPU (src/db/client.ts).
 */
async function seedPgliteDir(dir: string): Promise<void> {
  const template = readPgliteTemplate();
  if (!template || existsSync(path.join(dir, 'PG_VERSION'))) return;
  const seeded = new PGlite(dir, { loadDataDir: template });
  await seeded.waitReady;
  await seeded.close();
}

/** Drops a test's PostgreSQL schema and its job queue's (`<schema>_jobs`), which its job engine made. */
export async function dropTestSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${jobSchemaOf({ searchPath: schema })} CASCADE`);
  } finally {
    await admin.end();
  }
}

/**
 * One database per test file: an in-memory (or folder) PGlite, or on PostgreSQL a fresh schema,
 * so files never see each other's rows.
 */
export async function openTestDatabase(
  options: { pgliteDir?: string } = {},
): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    if (options.pgliteDir) await seedPgliteDir(options.pgliteDir);
    const open = () =>
      options.pgliteDir
        ? createDatabase({ pgliteDir: options.pgliteDir })
        : createDatabase({ pgliteTemplate: readPgliteTemplate() });
    const database = await open();
    return { database, reopen: open, cleanup: () => database.close().catch(() => undefined) };
  }
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const open = () => createDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema });
  const database = await open();
  return {
    database,
    reopen: open,
    cleanup: async () => {
      await database.close().catch(() => undefined);
      await dropTestSchema(TEST_DATABASE_URL, schema);
    },
  };
}

/**
 * Empties every table the migrations made (a new one is never forgotten here) between tests that
 * share a file's database, in one statement. DELETE, not TRUNCATE: TRUNCATE gives each table and
 * index new files, ≈ 40 ms of CPU a test on PGlite against ≈ 6 ms. The replica role skips the
 * foreign keys' checks and the row triggers, as TRUNCATE does, and the change feed hears the one
 * `all` that TRUNCATE's triggers sent (api/src/db/change-feed.ts).
 */
const EMPTY_EVERY_TABLE = `DO $$
DECLARE
  name text;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR name IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'
  LOOP
    EXECUTE format('DELETE FROM %I', name);
  END LOOP;
  PERFORM pg_notify('roconnect_changes', current_schema() || '|all|');
END $$`;

export async function truncateAll(database: Database): Promise<void> {
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql.raw(EMPTY_EVERY_TABLE));
}

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(
  database: Database,
  query: import('drizzle-orm').SQL,
): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The hooks of a file that shares one database: opened before its tests, emptied before each
 * test (unless `emptyEachTest` is false), closed after. Declare it before the file's other
 * hooks, so the rows are gone before they run. Read the fields inside tests and hooks.
 */
export function useTestDatabase(
  options: { emptyEachTest?: boolean; pgliteDir?: string } = {},
): TestDatabase {
  const { emptyEachTest = true, ...open } = options;
  let tdb: TestDatabase | undefined;
  beforeAll(async () => {
    tdb = await openTestDatabase(open);
  });
  afterAll(async () => {
    await tdb?.cleanup();
  });
  if (emptyEachTest) beforeEach(async () => truncateAll(opened().database));
  const opened = () => {
    if (!tdb) throw new Error('the test database is only there inside tests and hooks');
    return tdb;
  };
  return {
    get database() {
      return opened().database;
    },
    reopen: () => opened().reopen(),
    cleanup: () => opened().cleanup(),
  };
}
