/**
 * A test file's PostgreSQL schemas are dropped when it ends: its own and its job queue's, which
 * the job engine makes beside it. Left behind, every run added a schema of job tables to the
 * shared test database.
 */
import pg from 'pg';
import { jobSchemaOf } from '../../src/lib/job-engine';
import { openTestDatabase, TEST_DATABASE_URL } from '../support/db';

async function schemasNamed(names: string[]): Promise<string[]> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname',
      [names],
    );
    return rows.map((r) => r.nspname);
  } finally {
    await admin.end();
  }
}

it('drops the file’s schema and its job schema at cleanup', async () => {
  const tdb = await openTestDatabase();
  const schema = tdb.database.searchPath!;
  const jobs = jobSchemaOf(tdb.database);
  // what the job engine does at its start, in short
  await tdb.database.raw(`CREATE SCHEMA ${jobs}; CREATE TABLE ${jobs}.job (id int)`);
  expect(await schemasNamed([schema, jobs])).toEqual([schema, jobs].sort());
  await tdb.cleanup();
  expect(await schemasNamed([schema, jobs])).toEqual([]);
});
