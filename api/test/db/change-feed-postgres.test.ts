/**
 * PostgreSQL only (the PGlite pass skips this file: there is no connection to lose): when the
 * connection that LISTENs for changes breaks, the in-memory caches stop answering at once, and
 * come back once it listens again.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loginAs } from '../support/fake-login';
import { useFakeApp } from '../support/harness';
import { until } from '../support/until';
import { OLIVIA } from '../support/world';

const t = useFakeApp();
const SERVERS = '/api/v1/dashboard/user/servers';

async function endListeningConnection() {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
      [`roconnect-changes-${process.pid}`],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

it('a lost listening connection turns the caches off at once, and on again once it listens', async () => {
  const olivia = await loginAs(t.app, OLIVIA);
  const servers = () => t.app.inject({ method: 'GET', url: SERVERS, headers: olivia.headers });
  expect((await servers()).statusCode).toBe(200);
  expect((await servers()).statusCode).toBe(200);
  expect(t.app.changes.live).toBe(true);

  expect(await endListeningConnection()).toBeGreaterThan(0);
  const live = () => t.app.changes.live;
  await until('the feed to know it is not listening', live, (now) => !now, { timeoutMs: 2000 });
  // a revocation whose notification nobody hears: only reading the row can see it
  await t.tdb.database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_changed`);
  try {
    await t.tdb.database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
    expect((await servers()).statusCode).toBe(401);
  } finally {
    await t.tdb.database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_changed`);
  }

  await until('the feed to listen again', live, (now) => now);
  const again = await loginAs(t.app, OLIVIA);
  const mine = () => t.app.inject({ method: 'GET', url: SERVERS, headers: again.headers });
  expect((await mine()).statusCode).toBe(200);
  expect((await mine()).statusCode).toBe(200);
  await t.tdb.database.db.execute(
    sql`UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL`,
  );
  await until('the revoked session to be refused', mine, (res) => res.statusCode === 401, {
    timeoutMs: 1000,
  });
});
