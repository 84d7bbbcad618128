/** 0004 keeps existing servers working: their rank → role rows become single-rank binds. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { listMigrations } from '../../src/db/migrate';
import { TEST_DATABASE_URL } from '../support/db';
import { readEmptyPgliteCluster } from '../support/pglite-template';

type Exec = { exec(sql: string): Promise<void>; rows(sql: string): Promise<unknown[]> };

/** A bare database (PGlite, or a fresh PostgreSQL schema) to replay migrations one by one. */
async function bare(): Promise<Exec & { close(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    // the run's empty cluster: initdb's own would cost seconds
    const db = new PGlite({ loadDataDir: readEmptyPgliteCluster() });
    return {
      exec: async (sql) => void (await db.exec(sql)),
      rows: async (sql) => (await db.query(sql)).rows,
      close: () => db.close(),
    };
  }
  const schema = `m_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  return {
    exec: async (sql) => void (await client.query(sql)),
    rows: async (sql) => (await client.query(sql)).rows,
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

it('turns group_role_binds into single-rank group_binds and fills the audit columns', async () => {
  const migrations = listMigrations(path.join(__dirname, '..', '..', 'migrations'));
  const db = await bare();
  try {
    for (const m of migrations.filter((m) => m.name < '0004')) await db.exec(m.sql);
    await db.exec(`
      INSERT INTO users (id, discord_id, username) VALUES
        ('00000000-0000-4000-8000-000000000001', '110000000000000001', 'olivia');
      INSERT INTO guilds (id, name) VALUES ('120000000000000001', 'G1'), ('120000000000000002', 'G2');
      INSERT INTO guild_configs (guild_id, group_id, group_name) VALUES
        ('120000000000000001', '7001', 'Test Group'), ('120000000000000002', NULL, NULL);
      INSERT INTO group_role_binds (guild_id, rank, rank_name, discord_role_id) VALUES
        ('120000000000000001', 255, 'Owner', '300'), ('120000000000000001', 1, 'Member', '100'),
        ('120000000000000002', 5, 'Stale', '500');
      INSERT INTO roblox_accounts (id, user_id, roblox_id, username, display_name) VALUES
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', '502', 'PlainPete', 'Pete');
      INSERT INTO verifications (id, guild_id, user_id, roblox_account_id, roles_added, roles_removed, nickname, dm_sent, warnings)
      VALUES ('00000000-0000-4000-8000-0000000000b1', '120000000000000001', '00000000-0000-4000-8000-000000000001',
              '00000000-0000-4000-8000-0000000000a1', '["Verified"]', '[]', 'PlainPete', true, '[]');`);
    await db.exec(migrations.find((m) => m.name.startsWith('0004'))!.sql);

    expect(
      await db.rows(
        'SELECT guild_id, position, group_id, group_name, min_rank, max_rank, role_id, role_name FROM group_binds ORDER BY guild_id, position',
      ),
    ).toEqual([
      {
        guild_id: '120000000000000001',
        position: 0,
        group_id: '7001',
        group_name: 'Test Group',
        min_rank: 1,
        max_rank: 1,
        role_id: '100',
        role_name: 'Member',
      },
      {
        guild_id: '120000000000000001',
        position: 1,
        group_id: '7001',
        group_name: 'Test Group',
        min_rank: 255,
        max_rank: 255,
        role_id: '300',
        role_name: 'Owner',
      },
    ]); // a server whose group was removed keeps no stale bind
    expect(
      await db.rows(
        'SELECT source, member_discord_id, member_username, roblox_id, roblox_username, nickname_after, nickname_by_bot FROM verifications',
      ),
    ).toEqual([
      {
        source: 'website',
        member_discord_id: '110000000000000001',
        member_username: 'olivia',
        roblox_id: '502',
        roblox_username: 'PlainPete',
        nickname_after: 'PlainPete',
        nickname_by_bot: true,
      },
    ]);
    expect(
      await db.rows(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'group_role_binds' AND table_schema = current_schema()",
      ),
    ).toEqual([{ n: 0 }]);
  } finally {
    await db.close();
  }
});
