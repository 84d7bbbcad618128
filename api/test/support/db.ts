import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client';
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
 * One database per test file: an in-memory (or folder) PGlite, or on PostgreSQL a fresh schema,
 * so files never see each other's rows.
 */
export async function openTestDatabase(
  options: { pgliteDir?: string } = {},
): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
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
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Empties every table between tests that share a file's database. */
export async function truncateAll(database: Database): Promise<void> {
  const { sql } = await import('drizzle-orm');
  // every table the migrations made, so a new one is never forgotten here
  const tables = await queryRows<{ tablename: string }>(
    database,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
  );
  const names = tables.map((t) => `"${t.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`TRUNCATE ${names} CASCADE`));
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
