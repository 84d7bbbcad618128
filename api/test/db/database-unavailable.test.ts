/**
 * A request that cannot get a database connection in time, or whose statement PostgreSQL cancels,
 * answers 503 with Retry-After and the error envelope: never a hang, never a bare 500
 * (docs/security.md › Threats and defences, N1). The pool is node-postgres's own, pointed at a server that accepts connections and
 * never answers, so it runs without PostgreSQL; the statement timeout itself is proven on
 * PostgreSQL in discord-refresh-burst-postgres.test.ts.
 */
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadSettings } from '../../src/config';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/lib/database-unavailable';
import { registerErrorHandler } from '../../src/plugins/error-handler';

let silent: net.Server;
const sockets = new Set<net.Socket>();
let pool: pg.Pool;
let app: FastifyInstance;

beforeAll(async () => {
  // takes the connection and says nothing, as a PostgreSQL with every slot busy would seem
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  pool = new pg.Pool({
    connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
    max: 1,
    connectionTimeoutMillis: 300,
  });
  const db = drizzle(pool);
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/query', async () => db.execute(sql`SELECT 1`));
  app.get('/transaction', async () => db.transaction(async (tx) => tx.execute(sql`SELECT 1`)));
  // what pg says when PostgreSQL cancels a statement past statement_timeout
  app.get('/statement-timeout', async () => {
    throw Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
  });
  app.get('/other', async () => {
    throw Object.assign(new Error('duplicate key value'), { code: '23505' });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await pool.end().catch(() => undefined);
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const expect503 = (res: Awaited<ReturnType<FastifyInstance['inject']>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(res.json()).toEqual({
    success: false,
    error: 'database_unavailable',
    message: 'The service is busy right now. Please try again in a moment.',
  });
};

it('a query and a transaction waiting past the pool’s acquire timeout both answer 503 with Retry-After', async () => {
  // one connection, stuck connecting: the first request times out connecting, the others waiting
  // in the pool's queue time out there ("timeout exceeded when trying to connect")
  const answers = await Promise.all([
    app.inject({ url: '/query' }),
    app.inject({ url: '/query' }),
    app.inject({ url: '/transaction' }),
  ]);
  for (const res of answers) expect503(res);
});

it('a statement PostgreSQL cancelled (statement_timeout) answers 503; other database errors stay 500', async () => {
  expect503(await app.inject({ url: '/statement-timeout' }));
  const other = await app.inject({ url: '/other' });
  expect(other.statusCode).toBe(500);
  expect(other.headers['retry-after']).toBeUndefined();
});

describe('the pool settings', () => {
  const env = { JWT_SECRET: 'x'.repeat(32), TOKEN_ENCRYPTION_KEY: '0'.repeat(64) };

  it('default to a bounded pool, and are read from the environment', () => {
    expect(loadSettings(env).databasePool).toEqual({
      max: 10,
      acquireTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 10_000,
    });
    expect(
      loadSettings({
        ...env,
        DATABASE_POOL_MAX: '3',
        DATABASE_ACQUIRE_TIMEOUT_MS: '250',
        DATABASE_STATEMENT_TIMEOUT_MS: '1000',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000',
      }).databasePool,
    ).toEqual({
      max: 3,
      acquireTimeoutMs: 250,
      statementTimeoutMs: 1000,
      idleInTransactionTimeoutMs: 2000,
    });
  });

  it.each([
    ['DATABASE_POOL_MAX', '0', 'DATABASE_POOL_MAX must be between 1 and 1000, got 0'],
    ['DATABASE_ACQUIRE_TIMEOUT_MS', 'soon', 'DATABASE_ACQUIRE_TIMEOUT_MS must be a whole number'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '0', 'DATABASE_STATEMENT_TIMEOUT_MS must be between 100'],
    [
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      '-5',
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS must be a whole number',
    ],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadSettings({ ...env, [name]: value })).toThrow(message);
  });
});
