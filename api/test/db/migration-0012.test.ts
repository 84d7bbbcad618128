/**
 * 0012 keeps every server as it was: a database made by the code before it (migrations up to
 * 0011, rows as that code wrote them) is migrated at the API's start, and its group binds and
 * nickname formats give the same roles and nicknames as before, through the real routes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { NICKNAME_FORMATS, type NicknameFormat } from '@roconnect/shared-lib/contract';
import { createDatabase, type Database } from '../../src/db/client';
import { listMigrations } from '../../src/db/migrate';
import { createTestApp } from '../support/app';
import { TEST_DATABASE_URL } from '../support/db';
import { readEmptyPgliteCluster } from '../support/pglite-template';
import {
  addGroup,
  addGuild,
  addMember,
  addRobloxUser,
  addUser,
  createFakeIntegrations,
  createWorld,
} from '../support/fake-integrations';
import { linkRoblox, loginAs } from '../support/fake-login';
import { NO_RESTRICTIONS, groupBind } from '../support/server-config';
import { GROUP, MAX as MEMBER, OLIVIA as OWNER, PETE } from '../support/world';

const VERIFIED = '130000000000000100';
/** one server per nickname format, each set up before 0012 */
const GUILDS = NICKNAME_FORMATS.map((format, i) => ({ id: `12000000000000001${i}`, format }));
const BOUND = GUILDS[0]!.id;
const ROLES = {
  member: '130000000000000101',
  officer: '130000000000000102',
  all: '130000000000000103',
};

/** What the formats gave member Max ("Maxi", member_max) verified as PlainPete ("Pete") before 0012. */
const NICKNAMES_BEFORE: Record<NicknameFormat, string | null> = {
  roblox_username: 'PlainPete',
  roblox_display: 'Pete',
  discord_display: 'Maxi',
  discord_username: 'member_max',
  discord_display_with_roblox: 'Maxi (PlainPete)',
  none: null,
};

function world() {
  const w = createWorld();
  addUser(w, OWNER, 'owner_olivia', 'Olivia');
  addUser(w, MEMBER, 'member_max', 'Maxi');
  for (const g of GUILDS) {
    const guild = addGuild(w, { id: g.id, name: `Guild ${g.format}`, ownerId: OWNER, botTop: 9 });
    guild.roles.push(
      { id: VERIFIED, name: 'Verified', position: 1, managed: false, permissions: '0' },
      { id: ROLES.member, name: 'Member', position: 2, managed: false, permissions: '0' },
      { id: ROLES.officer, name: 'Officer', position: 3, managed: false, permissions: '0' },
      { id: ROLES.all, name: 'Everyone In', position: 4, managed: false, permissions: '0' },
    );
    addMember(guild, OWNER, '8');
    addMember(guild, MEMBER, '0', [ROLES.officer]);
  }
  addRobloxUser(w, PETE, 'PlainPete', 'Pete');
  addGroup(
    w,
    GROUP,
    'Test Group',
    [
      { id: '1', name: 'Member', rank: 1 },
      { id: '2', name: 'Officer', rank: 50 },
    ],
    { [PETE]: 1 },
  );
  return w;
}

/** The rows the code before 0012 wrote for these servers: configurations and group binds. */
const ROWS_BEFORE = `
  INSERT INTO guilds (id, name, bot_present) VALUES
    ${GUILDS.map((g) => `('${g.id}', 'Guild ${g.format}', true)`).join(', ')};
  INSERT INTO guild_configs (guild_id, nickname_format, verified_role_name, verified_role_id, group_id, group_name, setup_step, setup_completed) VALUES
    ${GUILDS.map((g) => `('${g.id}', '${g.format}', 'Verified', '${VERIFIED}', ${g.id === BOUND ? `'${GROUP}', 'Test Group'` : 'NULL, NULL'}, 'group', true)`).join(', ')};
  INSERT INTO group_binds (guild_id, position, group_id, group_name, min_rank, max_rank, role_id, role_name) VALUES
    ('${BOUND}', 0, '${GROUP}', 'Test Group', 1, 1, '${ROLES.member}', 'Member'),
    ('${BOUND}', 1, '${GROUP}', 'Test Group', 50, 50, '${ROLES.officer}', 'Officer'),
    ('${BOUND}', 2, '${GROUP}', 'Test Group', 1, 255, '${ROLES.all}', 'Everyone In');`;

/** A database as the code before 0012 left it; answers how to open it with the API's client. */
async function databaseBefore(): Promise<{
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const before = listMigrations(path.join(__dirname, '..', '..', 'migrations')).filter(
    (m) => m.name < '0012',
  );
  const recorded = `CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO schema_migrations (name) VALUES ${before.map((m) => `('${m.name}')`).join(', ')};`;
  if (!TEST_DATABASE_URL) {
    const dir = mkdtempSync(path.join(tmpdir(), 'migration-0012-'));
    // in its folder from the run's empty cluster: initdb on disk would cost seconds
    const db = new PGlite(dir, { loadDataDir: readEmptyPgliteCluster() });
    for (const m of before) await db.exec(m.sql);
    await db.exec(recorded + ROWS_BEFORE);
    await db.close();
    return {
      open: () => createDatabase({ pgliteDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `m12_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  for (const m of before) await client.query(m.sql);
  await client.query(recorded + ROWS_BEFORE);
  await client.end();
  return {
    open: () => createDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema }),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

let database: Database;
let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const made = await databaseBefore();
  drop = made.drop;
  database = await made.open(); // the API's start applies 0012 and what follows
  app = await createTestApp(database, createFakeIntegrations(world()));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
});

it('gives every stored nickname format the nickname it gave before', async () => {
  const max = await loginAs(app, MEMBER);
  await linkRoblox(app, max, PETE);
  const accounts = await app.inject({
    method: 'GET',
    url: '/api/v1/dashboard/user/linked-accounts',
    headers: max.headers,
  });
  const account = accounts.json().data[0].id;
  const results = new Map<string, Record<string, unknown>>();
  for (const g of GUILDS) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/bot/verify-in-server',
      headers: max.headers,
      payload: { server_id: g.id, account_id: account },
    });
    expect([g.format, res.statusCode, res.json().data.nickname]).toEqual([
      g.format,
      200,
      NICKNAMES_BEFORE[g.format],
    ]);
    results.set(g.id, res.json().data);
  }
  // the stored rank binds: rank 1 earns Member and Everyone In, and Officer (rank 50) is taken
  expect(results.get(BOUND)).toMatchObject({
    roles_added: ['Verified', 'Member', 'Everyone In'],
    roles_removed: ['Officer'],
    not_given: [
      {
        role_id: ROLES.officer,
        role_name: 'Officer',
        reason: 'rank 1 in Test Group; this role needs 50',
      },
    ],
  });
  expect(results.get(GUILDS[1]!.id)).toMatchObject({
    roles_added: ['Verified'],
    roles_removed: [],
  });
  const olivia = await loginAs(app, OWNER);
  const config = await app.inject({
    method: 'GET',
    url: `/api/v1/server/${GUILDS[4]!.id}/config`,
    headers: olivia.headers,
  });
  expect(config.json().data.server_config).toMatchObject({
    nickname_format: 'discord_display_with_roblox',
    nickname_template: null,
    nickname_bypass_role_ids: [],
    role_bypass_role_ids: [],
    restrictions: NO_RESTRICTIONS,
  });
});

it('reads stored group binds as group binds of priority 0 with no nickname', async () => {
  const olivia = await loginAs(app, OWNER);
  const binds = await app.inject({
    method: 'GET',
    url: `/api/v1/server/${BOUND}/binds`,
    headers: olivia.headers,
  });
  expect(binds.json().data.binds).toEqual([
    groupBind(1, 1, ROLES.member, 'Member'),
    groupBind(50, 50, ROLES.officer, 'Officer'),
    groupBind(1, 255, ROLES.all, 'Everyone In'),
  ]);
});
