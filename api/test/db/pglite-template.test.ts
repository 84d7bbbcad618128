/**
 * `pgliteTemplate`: an in-memory PGlite that starts from a dumped, migrated data folder (what each
 * test file's database does on the PGlite pass) is complete, and its own.
 */
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { createDatabase, createPgliteTemplate, type Database } from '../../src/db/client';
import { listMigrations } from '../../src/db/migrate';
import { users } from '../../src/db/schema';
import { queryRows } from '../support/db';
import { readEmptyPgliteCluster, readPgliteTemplate } from '../support/pglite-template';

// Each test opens two or three PGlites and the first runs every migration from scratch: on a busy
// 2-core machine that alone has taken 70 s (CI, stop 55).
jest.setTimeout(180_000);

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close().catch(() => undefined)));
});

async function fromTemplate(template: Blob): Promise<Database> {
  const database = await createDatabase({ pgliteTemplate: template });
  opened.push(database);
  return database;
}

const migrationNames = () =>
  listMigrations(path.join(__dirname, '..', '..', 'migrations')).map((m) => m.name);

/** An unmigrated cluster (the run's empty one, or initdb's) holding one row of `marker`. */
async function clusterWithMarker(note: string): Promise<Blob> {
  const raw = new PGlite({ loadDataDir: readEmptyPgliteCluster() });
  try {
    await raw.query('CREATE TABLE marker (note text)');
    await raw.query('INSERT INTO marker VALUES ($1)', [note]);
    return (await raw.dumpDataDir('none')) as Blob;
  } finally {
    await raw.close();
  }
}

it('starts from the template’s data, with the pending migrations applied on top', async () => {
  const template = await clusterWithMarker('from the template');

  const database = await fromTemplate(template);
  expect(await queryRows(database, sql`SELECT note FROM marker`)).toEqual([
    { note: 'from the template' },
  ]);
  const applied = await queryRows<{ name: string }>(
    database,
    sql`SELECT name FROM schema_migrations ORDER BY name`,
  );
  expect(applied.map((r) => r.name)).toEqual(migrationNames());
});

it('makes a template from the empty cluster it is given (the build’s), not from initdb', async () => {
  const template = await createPgliteTemplate(await clusterWithMarker('from the cluster'));
  const plain = new PGlite({ loadDataDir: template });
  try {
    expect((await plain.query('SELECT note FROM marker')).rows).toEqual([
      { note: 'from the cluster' },
    ]);
    const applied = await plain.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
  } finally {
    await plain.close();
  }
});

it('makes a migrated template, and databases from one template share no rows', async () => {
  // the run's template on the PGlite pass (written by globalSetup); on the PostgreSQL pass, a new one
  const template = readPgliteTemplate() ?? (await createPgliteTemplate());
  const plain = new PGlite({ loadDataDir: template });
  try {
    const applied = await plain.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
    // without initdb's template databases, whose files each database would unpack for nothing
    const databases = await plain.query<{ datname: string }>('SELECT datname FROM pg_database');
    expect(databases.rows).toEqual([{ datname: 'postgres' }]);
  } finally {
    await plain.close();
  }

  const first = await fromTemplate(template);
  const second = await fromTemplate(template);
  await first.db.insert(users).values({ id: crypto.randomUUID(), discordId: '1', username: 'a' });
  const count = async (d: Database) =>
    (await queryRows<{ n: number }>(d, sql`SELECT count(*)::int AS n FROM users`))[0]?.n;
  expect(await count(first)).toBe(1);
  expect(await count(second)).toBe(0);
});

it('refuses a template for a database kept in a folder', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'roconnect-template-'));
  try {
    await expect(createDatabase({ pgliteDir: dir, pgliteTemplate: new Blob([]) })).rejects.toThrow(
      'a PGlite template is for a database in memory only',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('hands each database the run file’s bytes, a copy of its own', async () => {
  const file = process.env.ROCONNECT_TEST_PGLITE_TEMPLATE!;
  const template = readPgliteTemplate()!;
  expect(file).toBeTruthy();
  expect(template).toBeTruthy();
  const onDisk = readFileSync(file);
  const first = new Uint8Array(await template.arrayBuffer());
  expect(template.size).toBe(onDisk.byteLength);
  expect(Buffer.from(first).equals(onDisk)).toBe(true);
  // PGlite may keep what it was given: writing to one copy leaves the next one whole
  first.fill(0);
  expect(Buffer.from(await template.arrayBuffer()).equals(onDisk)).toBe(true);
  expect(
    Buffer.from(await template.slice(0, 512).arrayBuffer()).equals(onDisk.subarray(0, 512)),
  ).toBe(true);
});
