import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The retentions of the tables that grow with use (docs/production.md, the settings table). */
export interface GrowingTableRetention {
  /** /whois and developer-API lookups (LOOKUP_RETENTION_DAYS) */
  lookupRetentionDays: number;
  /** joins and leaves the gateway reported (PRESENCE_RETENTION_DAYS) */
  presenceRetentionDays: number;
  /** what the binds preview counts from (MEMBER_FACTS_RETENTION_DAYS) */
  memberFactsRetentionDays: number;
  /** revoked API keys (REVOKED_API_KEY_RETENTION_DAYS) */
  revokedApiKeyRetentionDays: number;
  /** calls made with API keys (API_KEY_CALL_RETENTION_DAYS) */
  apiKeyCallRetentionDays: number;
  /** item names are reused this long (ROBLOX_GROUP_CACHE_SECONDS, shared with groups) */
  robloxGroupCacheSeconds: number;
}

export interface GrowingTableCounts {
  privacyLookups: number;
  memberPresence: number;
  memberRuleFacts: number;
  robloxItems: number;
  revokedApiKeys: number;
  apiKeyCalls: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function deleted(db: Db, del: SQL): Promise<number> {
  const { rows } = (await db.execute(
    sql`WITH gone AS (${del} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes rows of the tables that grow with every lookup, join, verification and API call, past
 * their retention (docs/production.md › 3. The API's settings):
 * - lookups of a member (their "who looked me up" list) past `lookupRetentionDays`;
 * - the binds preview's facts of members the gateway saw leave, then of any read past
 *   `memberFactsRetentionDays` (the preview counts members verified within it);
 * - joins and leaves: only servers that handle joins use them (a late event must not undo a newer
 *   one), so those of every other server go at once, the rest past `presenceRetentionDays`;
 * - Roblox item names a day past their cache time, as groups (purge.ts);
 * - keys revoked over `revokedApiKeyRetentionDays` ago, with their calls; every call past
 *   `apiKeyCallRetentionDays`.
 */
export async function purgeGrowingTables(
  db: Db,
  retention: GrowingTableRetention,
  now = new Date(),
): Promise<GrowingTableCounts> {
  const daysAgo = (days: number) =>
    sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;

  const privacyLookups = await deleted(
    db,
    sql`DELETE FROM privacy_lookups WHERE created_at < ${daysAgo(retention.lookupRetentionDays)}`,
  );

  // before the presence rows they are judged by go
  const factsOfLeavers = await deleted(
    db,
    sql`DELETE FROM member_rule_facts f USING guild_member_presence p
        WHERE p.guild_id = f.guild_id AND p.discord_id = f.discord_id AND p.status = 'gone'`,
  );
  const oldFacts = await deleted(
    db,
    sql`DELETE FROM member_rule_facts WHERE read_at < ${daysAgo(retention.memberFactsRetentionDays)}`,
  );

  const memberPresence = await deleted(
    db,
    sql`DELETE FROM guild_member_presence p
        WHERE p.seen_at < ${daysAgo(retention.presenceRetentionDays)}
           OR NOT EXISTS (
             SELECT 1 FROM guild_configs c
             WHERE c.guild_id = p.guild_id AND c.setup_completed AND c.join_handling <> 'off'
           )`,
  );

  const itemsCutoff = new Date(now.getTime() - retention.robloxGroupCacheSeconds * 1000 - DAY_MS);
  const robloxItems = await deleted(
    db,
    sql`DELETE FROM roblox_item_cache WHERE fetched_at < ${itemsCutoff.toISOString()}::timestamptz`,
  );

  const revokedBefore = daysAgo(retention.revokedApiKeyRetentionDays);
  const callsOfRevoked = await deleted(
    db,
    sql`DELETE FROM api_key_calls c USING api_keys k
        WHERE k.id = c.key_id AND k.revoked_at < ${revokedBefore}`,
  );
  const revokedApiKeys = await deleted(
    db,
    sql`DELETE FROM api_keys WHERE revoked_at < ${revokedBefore}`,
  );
  const oldCalls = await deleted(
    db,
    sql`DELETE FROM api_key_calls WHERE created_at < ${daysAgo(retention.apiKeyCallRetentionDays)}`,
  );

  return {
    privacyLookups,
    memberPresence,
    memberRuleFacts: factsOfLeavers + oldFacts,
    robloxItems,
    revokedApiKeys,
    apiKeyCalls: callsOfRevoked + oldCalls,
  };
}
