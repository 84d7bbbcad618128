/**
 * The dashboard's hot read (GET /api/v1/dashboard/user/servers) answers from memory: the live
 * session and the user's server list are kept until the rows behind them change. These tests
 * replay what must still hold: an ended session is refused at once on the replica that ended it
 * and as soon as the change notification arrives everywhere else; a changed list is never served
 * stale; nothing is kept while notifications may be missed.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../../src/db/client';
import { createTestApp } from '../../support/app';
import { createFakeIntegrations } from '../../support/fake-integrations';
import { callAs, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, OLIVIA } from '../../support/world';

const t = useFakeApp();
const SERVERS = '/api/v1/dashboard/user/servers';
const others: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

const servers = (app: FastifyInstance, s: Session) =>
  app.inject({ method: 'GET', url: SERVERS, headers: s.headers });

/** Another replica over the same database. */
async function replica(database: Database = t.tdb.database) {
  const app = await createTestApp(database, createFakeIntegrations(t.world));
  others.push(app);
  return app;
}

/** Polls `check` until it is true; answers how long that took (fails after `timeoutMs`). */
async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Date.now() - started;
}

/** SQL run as another replica or an operator would: not through this app's code. */
async function outsideSql(query: ReturnType<typeof sql>) {
  const database = process.env.TEST_DATABASE_URL ? await t.tdb.reopen() : t.tdb.database;
  try {
    await database.db.execute(query);
  } finally {
    if (database !== t.tdb.database) await database.close();
  }
}

describe('sessions kept in memory', () => {
  it('a logged-out session is refused on the very next request, though it was answered from memory', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    for (let i = 0; i < 3; i++) expect((await servers(t.app, olivia)).statusCode).toBe(200);
    const out = await callAs(t.app, olivia, 'POST', '/auth/logout');
    expect(out.statusCode).toBe(200);
    const res = await servers(t.app, olivia);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('session_revoked');
  });

  it('a logout on one replica is refused at once on another that had the session in memory', async () => {
    const other = await replica();
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(other, olivia)).statusCode).toBe(200);
    expect((await servers(other, olivia)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: olivia.headers });
    expect((await servers(other, olivia)).statusCode).toBe(401);
  });

  it('a session ended outside this process (another replica, an operator) is refused within a second', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(t.app, olivia)).statusCode).toBe(200);
    expect((await servers(t.app, olivia)).statusCode).toBe(200);
    await outsideSql(sql`UPDATE sessions SET revoked_at = now(), revoked_reason = 'operator'`);
    const took = await within(2000, async () => (await servers(t.app, olivia)).statusCode === 401);
    expect(took).toBeLessThan(1000);
  });

  it('a session deleted outside this process (the purge) is refused within a second', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(t.app, olivia)).statusCode).toBe(200);
    await outsideSql(sql`DELETE FROM sessions`);
    const took = await within(2000, async () => (await servers(t.app, olivia)).statusCode === 401);
    expect(took).toBeLessThan(1000);
  });

  it('nothing is kept while change notifications may be missed: each request reads the session', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(t.app, olivia)).statusCode).toBe(200);
    t.app.changes.setLive(false); // what a lost listening connection does
    expect((await servers(t.app, olivia)).statusCode).toBe(200);
    // revoked without any announcement at all: only a read of the row can see it
    await t.tdb.database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_changed`);
    try {
      await t.tdb.database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
      expect((await servers(t.app, olivia)).statusCode).toBe(401);
    } finally {
      await t.tdb.database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_changed`);
    }
  });
});

describe('server lists kept in memory', () => {
  it('a Sync Servers shows the new list on the next request of the same replica', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(t.app, olivia)).json().data[0].server_name).toBe('Bot Guild');
    t.world.guilds.get(GUILD_A)!.name = 'Renamed Guild';
    const sync = await callAs(t.app, olivia, 'POST', '/api/v1/dashboard/user/sync-servers');
    expect(sync.statusCode).toBe(200);
    const names = (await servers(t.app, olivia)).json().data.map((s: any) => s.server_name);
    expect(names).toContain('Renamed Guild');
  });

  it('a guild or membership changed outside this process shows within a second', async () => {
    const olivia = await loginAs(t.app, OLIVIA);
    expect((await servers(t.app, olivia)).json().data).toHaveLength(2);
    await outsideSql(sql`UPDATE guilds SET name = 'Changed Elsewhere' WHERE id = ${GUILD_A}`);
    await within(2000, async () =>
      (await servers(t.app, olivia))
        .json()
        .data.some((s: any) => s.server_name === 'Changed Elsewhere'),
    );
    await outsideSql(sql`UPDATE user_guilds SET can_manage = false WHERE guild_id = ${GUILD_A}`);
    const took = await within(
      2000,
      async () => (await servers(t.app, olivia)).json().data.length === 1,
    );
    expect(took).toBeLessThan(1000);
  });
});

describe('queries on the hot read', () => {
  /** The database with every query builder call counted. */
  function counted(database: Database) {
    const calls = { count: 0 };
    const methods = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
    const db = new Proxy(database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof prop === 'string' && methods.has(prop) && typeof value === 'function') {
          return (...args: unknown[]) => {
            calls.count++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    }) as Db;
    return { database: { ...database, db }, calls };
  }

  it('a repeated GET user/servers issues no query; the first after a change at most two', async () => {
    const { database, calls } = counted(t.tdb.database);
    const app = await replica(database);
    const olivia = await loginAs(app, OLIVIA);
    expect((await servers(app, olivia)).statusCode).toBe(200);
    calls.count = 0;
    for (let i = 0; i < 5; i++) expect((await servers(app, olivia)).statusCode).toBe(200);
    expect(calls.count).toBe(0);
    await outsideSql(sql`UPDATE guilds SET name = 'Again' WHERE id = ${GUILD_A}`);
    await within(2000, async () => {
      calls.count = 0;
      return (await servers(app, olivia)).json().data.some((s: any) => s.server_name === 'Again');
    });
    expect(calls.count).toBeLessThanOrEqual(2);
  });
});
