import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { extract as extractTar } from 'tar';
import * as schema from './schema';
import { runMigrations, type SqlRunner } from './migrate';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL for libraries that bring their own queries (the job engine): `{ rows }` of the last statement. */
export type RawSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  raw: RawSql;
  /** PostgreSQL: the schema the tables live in, when not the default (tests) */
  searchPath?: string;
  /** PGlite in a data folder this start created: how (the shipped empty cluster, or initdb) */
  createdFrom?: 'shipped cluster' | 'initdb';
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel`: `onPayload` for each notification, `onLive(false)` when notifications may
   * be missed (the listening connection was lost) and `onLive(true)` once listening (again).
   * Resolves after the first attempt (which may have failed: it keeps trying until stopped);
   * the returned function stops.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** a PostgreSQL server; when absent, embedded PGlite is used */
  databaseUrl?: string;
  /** PGlite's data folder; undefined means in memory (tests) */
  pgliteDir?: string;
  /**
   * PGlite in memory only: start from this data folder, as `dumpDataDir` wrote it, instead of an
   * empty one. Tests start from one migrated template: that skips initdb, ≈ 2 s per database.
   */
  pgliteTemplate?: Blob;
  /** PostgreSQL only: the schema to work in (tests give each file its own) */
  searchPath?: string;
  /** PostgreSQL only: the pool's size and timeouts (Settings.databasePool); defaults below */
  pool?: Partial<PoolOptions>;
}

export interface PoolOptions {
  max: number;
  /** how long a query waits for a free connection before failing (pg-pool's connectionTimeoutMillis) */
  acquireTimeoutMs: number;
  /** PostgreSQL's statement_timeout for every pooled connection */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout for every pooled connection */
  idleInTransactionTimeoutMs: number;
}

/** the same defaults as the settings (api/src/config.ts) */
const DEFAULT_POOL: PoolOptions = {
  max: 10,
  acquireTimeoutMs: 5000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 10_000,
};

interface Opened {
  db: Db;
  runner: SqlRunner;
  raw: RawSql;
  listen: Database['listen'];
  close: () => Promise<void>;
}

/**
 * PGlite's PostgreSQL sized for one small machine (docs/performance.md › Memory): the whole
 * database lives in the API's process, so PostgreSQL's buffers are the API's resident memory.
 * RoConnect's data is small and one connection uses it: 16 MB of shared buffers hold every table
 * and index of a community's servers; PostgreSQL's defaults (128 MB, 4 MB of work memory per
 * sort, 64 MB for index builds) are sized for a server of its own. PGlite's own defaults are kept
 * (single user, no parallel workers) and these added after them, so they win.
 * The WebAssembly heap is left at PGlite's initial size: its module declares 128 MB as its
 * minimum (a smaller `initialMemory` fails to link), reserved but resident only as it is touched.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...[
    'shared_buffers=16MB',
    'wal_buffers=1MB',
    'work_mem=2MB',
    'temp_buffers=2MB',
    'maintenance_work_mem=16MB',
  ].flatMap((setting) => ['-c', setting]),
];

/**
 * The empty cluster the API's build ships beside dist/main.js (api/build.mjs): a new data folder
 * is unpacked from it, which skips initdb. Absent when the API runs from its sources.
 */
export const SHIPPED_CLUSTER_FILE = 'pglite-cluster.tar.gz';

/**
 * Readies a PGlite data folder and says how it made a new one. One that already holds a database is
 * left as it is. A new one is unpacked from the build's empty cluster when there is one, here, before
 * PGlite opens it: handed to PGlite (`loadDataDir`) the same archive grew its WebAssembly heap for
 * good, ≈ 100 MB more for the process's life. It is unpacked beside the folder and moved in whole,
 * so a start cut short never leaves half a cluster. Otherwise PostgreSQL's initdb creates it in a
 * short-lived process of its own: initdb runs a second PGlite and its own WebAssembly module beside
 * the first, ≈ 650 MB at its highest, which a long-running process would keep resident for the rest
 * of its life (docs/performance.md › Memory).
 */
async function initializePgliteDir(dir: string): Promise<'shipped cluster' | 'initdb' | undefined> {
  mkdirSync(dir, { recursive: true });
  if (existsSync(path.join(dir, 'PG_VERSION'))) return undefined;
  const shipped = path.join(__dirname, SHIPPED_CLUSTER_FILE);
  if (existsSync(shipped)) {
    const unpacking = mkdtempSync(`${dir}.unpacking-`);
    try {
      // the archive's names start at the cluster's root ("/PG_VERSION"): tar makes them relative
      await extractTar({ file: shipped, cwd: unpacking, onwarn: () => undefined });
      rmSync(dir, { recursive: true, force: true });
      renameSync(unpacking, dir);
    } finally {
      rmSync(unpacking, { recursive: true, force: true });
    }
    return 'shipped cluster';
  }
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
const db = new PGlite(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
db.waitReady.then(() => db.close()).then(() => process.exit(0), (error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});`;
  // the baseline compiler only: the optimizing one would compile the module again, ≈ 100 MB more
  const args = ['--liftoff-only', '-e', script, dir, JSON.stringify(PGLITE_START_PARAMS)];
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const why = String(stderr).trim() || error.message;
      reject(new Error(`Could not create the PGlite database in ${dir}: ${why}`));
    });
  });
  return 'initdb';
}

/** `initial`: a dumped data folder to start from (a test template, in memory) */
function openPglite(
  dir: string | undefined,
  initial: Blob | undefined,
): Opened & { dumpDataDir: () => Promise<Blob> } {
  const pgliteOptions = { loadDataDir: initial, startParams: PGLITE_START_PARAMS };
  const client = dir ? new PGlite(dir, pgliteOptions) : new PGlite(pgliteOptions);
  const runner: SqlRunner = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    withLock: (fn) => fn(runner),
  };
  // PGlite runs several statements only without parameters (exec), one with them (query)
  const raw: RawSql = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return results[results.length - 1] ?? { rows: [] };
  };
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    runner,
    raw,
    // one process, one connection: nothing can be missed
    listen: async (channel, onPayload, onLive) => {
      const stop = await client.listen(channel, onPayload);
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // replicas starting together race on "IF NOT EXISTS": the loser's schema exists all the same
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  } finally {
    await client.end();
  }
}

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it breaks,
 * onLive(false) at once, then it reconnects every RELISTEN_DELAY_MS until it listens again.
 */
function postgresListen(url: string): Database['listen'] {
  return async (channel, onPayload, onLive) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const lost = (c: pg.Client) => {
      if (client !== c) return;
      client = null;
      onLive(false);
      void c.end().catch(() => undefined);
      if (!stopped)
        retry = setTimeout(() => void connect().catch(() => undefined), RELISTEN_DELAY_MS);
    };
    const connect = async () => {
      const c = new pg.Client({
        connectionString: url,
        keepAlive: true,
        // names the connection in pg_stat_activity (tests end it to replay a lost connection)
        application_name: `roconnect-changes-${process.pid}`,
      });
      client = c;
      c.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
      });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        await c.query(`LISTEN "${channel}"`);
      } catch (err) {
        lost(c);
        throw err;
      }
      if (client === c && !stopped) onLive(true);
    };
    // a first failure is retried like a lost connection; meanwhile onLive has not said true
    await connect().catch(() => undefined);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      onLive(false);
      await c?.end().catch(() => undefined);
    };
  };
}

function openPostgres(url: string, searchPath: string | undefined, options: PoolOptions): Opened {
  // Nothing waits for a connection, or holds one, for good: a full pool fails the query after
  // acquireTimeoutMs (the request answers 503, see lib/database-unavailable.ts), and the server
  // ends a statement or an idle transaction that outlives its limit.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: options.acquireTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  const runner: SqlRunner = {
    exec: async (text) => {
      await pool.query(text);
    },
    query: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows,
    // An advisory lock so that several API replicas starting at once migrate one at a time.
    withLock: async (fn) => {
      const client = await pool.connect();
      const conn: SqlRunner = {
        exec: async (text) => {
          await client.query(text);
        },
        query: async (text, params) =>
          (await client.query<Record<string, unknown>>(text, params)).rows,
        withLock: (inner) => inner(conn),
      };
      let broken: Error | undefined;
      try {
        // waiting for another replica's migrations, and a long migration, are not slow queries
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock(7270001)');
        return await fn(conn);
      } finally {
        await client.query('SELECT pg_advisory_unlock(7270001)').catch(() => undefined);
        await client.query('RESET statement_timeout').catch((err: Error) => (broken = err));
        // a connection whose timeout could not be put back is closed, not pooled
        client.release(broken);
      }
    },
  };
  const raw: RawSql = async (text, values) => {
    const result = (await pool.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
  };
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    runner,
    raw,
    listen: postgresListen(url),
    close: () => pool.end(),
  };
}

/**
 * `api/migrations/`, found from the package root (the nearest folder with a package.json): this
 * file is `src/db/client.ts` under tsx and Jest, and part of `dist/main.js` when compiled.
 */
function migrationsDir(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return path.join(dir, 'migrations');
}

/**
 * A migrated, empty PGlite data folder in memory, dumped as `pgliteTemplate` takes it (a tar
 * archive): made once per test run, so that each test file's database skips initdb. `cluster`:
 * an empty cluster to start from (the build's, or one dumped earlier) instead of running initdb.
 * It keeps only the database the API works in: PGlite unpacks every file of a template into each
 * database made from it, and initdb's two template databases, which nothing here copies, were
 * two thirds of the files and a third of each test file's database start (0.83 → 0.54 CPU s).
 */
export async function createPgliteTemplate(cluster?: Blob): Promise<Blob> {
  const opened = openPglite(undefined, cluster);
  try {
    await runMigrations(opened.runner, migrationsDir());
    for (const name of ['template0', 'template1']) {
      await opened.runner.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await opened.runner.exec(`DROP DATABASE ${name}`);
    }
    return await opened.dumpDataDir();
  } finally {
    await opened.close();
  }
}

/** Opens the database and applies pending migrations from `api/migrations/`. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl && options.searchPath)
    await ensureSchema(options.databaseUrl, options.searchPath);
  if (options.pgliteDir && options.pgliteTemplate)
    throw new Error('a PGlite template is for a database in memory only');
  const newDir = !options.databaseUrl && options.pgliteDir ? options.pgliteDir : undefined;
  const createdFrom = newDir ? await initializePgliteDir(newDir) : undefined;
  const opened = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.searchPath, { ...DEFAULT_POOL, ...options.pool })
    : openPglite(options.pgliteDir, options.pgliteTemplate);
  try {
    await runMigrations(opened.runner, migrationsDir());
  } catch (err) {
    await opened.close().catch(() => undefined);
    throw err;
  }
  return {
    db: opened.db,
    kind: options.databaseUrl ? 'postgres' : 'pglite',
    raw: opened.raw,
    ...(createdFrom ? { createdFrom } : {}),
    ...(options.databaseUrl && options.searchPath ? { searchPath: options.searchPath } : {}),
    ping: async () => {
      try {
        await opened.runner.query('SELECT 1', []);
        return true;
      } catch {
        return false;
      }
    },
    listen: opened.listen,
    close: opened.close,
  };
}
