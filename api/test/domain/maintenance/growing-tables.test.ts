/**
 * docs/production.md (the retention settings): every table that grows with use loses its rows past
 * their retention, and keeps the newer ones (docs/production.md › 3. The API's settings).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  purgeGrowingTables,
  type GrowingTableRetention,
} from '../../../src/domain/maintenance/growing-tables';
import { purgePastRetention } from '../../../src/domain/maintenance/purge';
import { ConfigError, loadSettings } from '../../../src/config';
import { testSettings } from '../../support/app';
import { queryRows, useTestDatabase } from '../../support/db';

const tdb = useTestDatabase();

const db = () => tdb.database.db;
const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2031-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const RETENTION: GrowingTableRetention = {
  lookupRetentionDays: 90,
  presenceRetentionDays: 30,
  memberFactsRetentionDays: 180,
  revokedApiKeyRetentionDays: 30,
  apiKeyCallRetentionDays: 14,
  robloxGroupCacheSeconds: 600,
};
const GUILD = '120000000000000001';
const OTHER_GUILD = '120000000000000002';
const purge = () => purgeGrowingTables(db(), RETENTION, NOW);
const column = async (query: ReturnType<typeof sql>, name: string) =>
  (await queryRows<Record<string, string>>(tdb.database, query)).map((r) => r[name]).sort();

async function user(discordId: string): Promise<string> {
  const id = randomUUID();
  await db().execute(
    sql`INSERT INTO users (id, discord_id, username) VALUES (${id}, ${discordId}, ${'u' + discordId})`,
  );
  return id;
}

/** A server set up with join handling as given (verify, or off). */
async function server(guildId: string, joinHandling: 'verify' | 'off') {
  await db().execute(sql`INSERT INTO guilds (id, name) VALUES (${guildId}, 'A server')`);
  await db().execute(
    sql`INSERT INTO guild_configs (guild_id, setup_completed, join_handling)
        VALUES (${guildId}, true, ${joinHandling})`,
  );
}

describe('privacy_lookups (LOOKUP_RETENTION_DAYS)', () => {
  it('go past the retention; newer ones stay', async () => {
    const subject = await user('110000000000000002');
    for (const [name, age] of [
      ['old', 91],
      ['new', 89],
    ] as const)
      await db().execute(
        sql`INSERT INTO privacy_lookups (id, subject_user_id, guild_id, source, actor_name, shown, created_at)
            VALUES (${randomUUID()}, ${subject}, ${GUILD}, 'whois', ${name}, true, ${daysAgo(age)}::timestamptz)`,
      );
    expect((await purge()).privacyLookups).toBe(1);
    expect(await column(sql`SELECT actor_name FROM privacy_lookups`, 'actor_name')).toEqual([
      'new',
    ]);
  });
});

describe('guild_member_presence (PRESENCE_RETENTION_DAYS)', () => {
  it('goes past the retention, and at once in servers that do not handle joins', async () => {
    await server(GUILD, 'verify');
    await server(OTHER_GUILD, 'off');
    const row = (guildId: string, discordId: string, age: number) =>
      sql`(${guildId}, ${discordId}, 'present', ${daysAgo(age)}::timestamptz)`;
    await db().execute(
      sql`INSERT INTO guild_member_presence (guild_id, discord_id, status, seen_at) VALUES ${sql.join(
        [
          row(GUILD, '1', 31), // past the retention
          row(GUILD, '2', 29), // kept
          row(OTHER_GUILD, '3', 1), // join handling off: never needed
          row('120000000000000009', '4', 1), // a server never set up
        ],
        sql`, `,
      )}`,
    );
    expect((await purge()).memberPresence).toBe(3);
    expect(await column(sql`SELECT discord_id FROM guild_member_presence`, 'discord_id')).toEqual([
      '2',
    ]);
  });
});

describe('member_rule_facts (MEMBER_FACTS_RETENTION_DAYS)', () => {
  it('go past the retention, and at once for a member the gateway saw leave', async () => {
    await server(GUILD, 'verify');
    const facts = (discordId: string, age: number) =>
      sql`(${GUILD}, ${discordId}, '502', '{"7001": 1}'::jsonb, '{}'::jsonb, '{}'::jsonb, '[]'::jsonb, ${daysAgo(age)}::timestamptz)`;
    await db().execute(
      sql`INSERT INTO member_rule_facts (guild_id, discord_id, roblox_id, group_ranks, badges, owned, role_ids, read_at)
          VALUES ${sql.join([facts('1', 181), facts('2', 179), facts('3', 1)], sql`, `)}`,
    );
    await db().execute(
      sql`INSERT INTO guild_member_presence (guild_id, discord_id, status, seen_at)
          VALUES (${GUILD}, '3', 'gone', ${daysAgo(1)}::timestamptz)`,
    );
    expect((await purge()).memberRuleFacts).toBe(2);
    expect(await column(sql`SELECT discord_id FROM member_rule_facts`, 'discord_id')).toEqual([
      '2',
    ]);
  });
});

describe('roblox_item_cache (ROBLOX_GROUP_CACHE_SECONDS, as groups)', () => {
  it('goes a day past its cache time; fresher names stay', async () => {
    const item = (id: string, secondsAgo: number) =>
      sql`('badge', ${id}, ${'Badge ' + id}, ${new Date(NOW.getTime() - secondsAgo * 1000).toISOString()}::timestamptz)`;
    await db().execute(
      sql`INSERT INTO roblox_item_cache (kind, item_id, name, fetched_at) VALUES ${sql.join(
        [item('1', 60), item('2', 600 + 3600), item('3', 600 + DAY_MS / 1000 + 60)],
        sql`, `,
      )}`,
    );
    expect((await purge()).robloxItems).toBe(1);
    expect(await column(sql`SELECT item_id FROM roblox_item_cache`, 'item_id')).toEqual(['1', '2']);
  });
});

describe('api_keys and api_key_calls (REVOKED_API_KEY_RETENTION_DAYS, API_KEY_CALL_RETENTION_DAYS)', () => {
  it('keys revoked past the retention go with their calls; live keys stay; calls go past theirs', async () => {
    const key = async (name: string, revokedAge: number | null) => {
      const id = randomUUID();
      await db().execute(
        sql`INSERT INTO api_keys (id, guild_id, name, key_hash, key_prefix, created_at, revoked_at)
            VALUES (${id}, ${GUILD}, ${name}, ${randomUUID()}, 'rck_abcdef', ${daysAgo(400)}::timestamptz,
                    ${revokedAge === null ? null : daysAgo(revokedAge)}::timestamptz)`,
      );
      return id;
    };
    const live = await key('live', null);
    const revokedLongAgo = await key('revoked long ago', 31);
    const revokedLately = await key('revoked lately', 29);
    const call = (keyId: string, route: string, age: number) =>
      sql`(${randomUUID()}, ${keyId}, ${GUILD}, 'GET', ${route}, 200, ${daysAgo(age)}::timestamptz)`;
    await db().execute(
      sql`INSERT INTO api_key_calls (id, key_id, guild_id, method, route, status, created_at) VALUES ${sql.join(
        [
          call(live, 'live old', 15),
          call(live, 'live new', 13),
          call(revokedLongAgo, 'revoked long ago', 1),
          call(revokedLately, 'revoked lately', 1),
        ],
        sql`, `,
      )}`,
    );
    expect(await purge()).toMatchObject({ revokedApiKeys: 1, apiKeyCalls: 2 });
    expect(await column(sql`SELECT name FROM api_keys`, 'name')).toEqual([
      'live',
      'revoked lately',
    ]);
    expect(await column(sql`SELECT route FROM api_key_calls`, 'route')).toEqual([
      'live new',
      'revoked lately',
    ]);
  });
});

describe('discord_tokens of users with no live session', () => {
  it('stay while a Linked Roles connection we wrote needs them to be cleared', async () => {
    const withConnection = await user('110000000000000002');
    const without = await user('110000000000000003');
    for (const id of [withConnection, without])
      await db().execute(
        sql`INSERT INTO discord_tokens (user_id, access_token_enc, refresh_token_enc, expires_at, scope, updated_at)
            VALUES (${id}, 'a', 'r', now(), 'identify role_connections.write', now() - interval '2 hours')`,
      );
    await db().execute(
      sql`INSERT INTO role_connections (user_id, roblox_id) VALUES (${withConnection}, '502')`,
    );
    const counts = await purgePastRetention(db(), {
      auditRetentionDays: 365,
      jobRetentionDays: 30,
      robloxGroupCacheSeconds: 600,
    });
    expect(counts.discordTokens).toBe(1);
    expect(await column(sql`SELECT user_id::text FROM discord_tokens`, 'user_id')).toEqual([
      withConnection,
    ]);
  });
});

describe('the settings', () => {
  it('have their documented defaults, and a bad value is refused by name', () => {
    const s = testSettings();
    expect([
      s.lookupRetentionDays,
      s.presenceRetentionDays,
      s.memberFactsRetentionDays,
      s.revokedApiKeyRetentionDays,
      s.apiKeyCallRetentionDays,
    ]).toEqual([90, 30, 180, 30, 14]);
    expect(() => loadSettings({ DATA_DIR: s.dataDir, API_KEY_CALL_RETENTION_DAYS: '0' })).toThrow(
      new ConfigError('API_KEY_CALL_RETENTION_DAYS must be between 1 and 36500, got 0'),
    );
  });
});
