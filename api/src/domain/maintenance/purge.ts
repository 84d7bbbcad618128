import { and, gt, isNotNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthStates, refreshTokens, sessions } from '../../db/schema';

export interface PurgeCounts {
  states: number;
  refreshTokens: number;
  sessions: number;
}

/**
 * Deletes what can never be used again, so nothing grows without bound and the privacy page's
 * "session tokens 7 days" holds: expired OAuth states, expired refresh tokens, and sessions that
 * ended (logged out, revoked, past their 30 days, or idle past their last refresh token's 7 days).
 * Used refresh tokens stay until they expire: presenting one again is how a leak is detected.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeCounts> {
  const states = await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({
    id: oauthStates.stateHash,
  });
  const ended = await db
    .delete(sessions)
    .where(
      or(
        isNotNull(sessions.revokedAt),
        lt(sessions.expiresAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                sql`${refreshTokens.sessionId} = ${sessions.id}`,
                gt(refreshTokens.expiresAt, now),
              ),
            ),
        ),
      ),
    )
    .returning({ id: sessions.id });
  // tokens of the sessions above went with them (ON DELETE CASCADE)
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.tokenHash });
  return { states: states.length, refreshTokens: tokens.length, sessions: ended.length };
}

export interface Retention {
  /** audit-log entries older than this many days go (AUDIT_RETENTION_DAYS) */
  auditRetentionDays: number;
  /** finished member updates older than this many days go (JOB_RETENTION_DAYS) */
  jobRetentionDays: number;
  /** a Roblox group read this long ago is read again (ROBLOX_GROUP_CACHE_SECONDS) */
  robloxGroupCacheSeconds: number;
}

export interface RetentionCounts {
  verifications: number;
  settingChanges: number;
  memberUpdateRuns: number;
  memberUpdateItems: number;
  discordTokens: number;
  robloxGroups: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A finished run's items stay this long (a cancelled run's worker may still be ending its slice);
 * nothing reads them after that: the page shows the run's own counts.
 */
const ITEMS_AFTER_FINISH_MS = 60 * 60 * 1000;
/** Discord tokens saved this recently are kept: a sign-in saves them just before its session. */
const TOKENS_SIGN_IN_GRACE_MS = 60 * 60 * 1000;
const FINISHED = sql`('done', 'failed', 'cancelled')`;

async function count(db: Db, query: SQL): Promise<number> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Deletes what is past its retention, keeping what the product still shows:
 * - the audit log (verifications, setting changes) past `auditRetentionDays`, except each
 *   member's newest verification per server and account: the accounts page (verified in), /whois
 *   and unlinking read it. The roles the deleted ones gave are folded into it, so unlinking
 *   still takes back every role the bot gave with that account;
 * - finished member updates past `jobRetentionDays`, except each server's latest (its page shows
 *   it); the items (every listed member's roles) of any run finished over an hour ago;
 * - Discord tokens of users with no live session (logged out, revoked or expired everywhere),
 *   except where we wrote a Linked Roles connection: only the user's own token can move or clear
 *   it, and their account's deletion (or the two-year purge) must (domain/account-actions/delete-user.ts);
 * - Roblox groups read over a day past their cache time: a stale row only stands in while Roblox
 *   does not answer, and without this the table would keep every group anyone ever looked up.
 */
export async function purgePastRetention(
  db: Db,
  retention: Retention,
  now = new Date(),
): Promise<RetentionCounts> {
  const auditCutoff = at(new Date(now.getTime() - retention.auditRetentionDays * DAY_MS));
  const verificationsGone = await count(
    db,
    sql`
      WITH keep AS (
        SELECT DISTINCT ON (guild_id, roblox_account_id) id, guild_id, roblox_account_id
        FROM verifications
        WHERE roblox_account_id IS NOT NULL
        ORDER BY guild_id, roblox_account_id, created_at DESC, id DESC
      ),
      gone AS (
        DELETE FROM verifications v
        WHERE v.created_at < ${auditCutoff} AND NOT EXISTS (SELECT 1 FROM keep WHERE keep.id = v.id)
        RETURNING v.guild_id, v.roblox_account_id, v.role_ids_added
      ),
      folded AS (
        UPDATE verifications k
        SET role_ids_added = (
          SELECT coalesce(jsonb_agg(DISTINCT r.id), '[]'::jsonb)
          FROM (
            SELECT jsonb_array_elements_text(k.role_ids_added) AS id
            UNION ALL
            SELECT jsonb_array_elements_text(g.role_ids_added) FROM gone g
            WHERE g.guild_id = k.guild_id AND g.roblox_account_id = k.roblox_account_id
          ) r
        )
        FROM keep
        WHERE k.id = keep.id AND EXISTS (
          SELECT 1 FROM gone g
          WHERE g.guild_id = keep.guild_id AND g.roblox_account_id = keep.roblox_account_id
        )
        RETURNING k.id
      )
      SELECT (SELECT count(*) FROM gone)::int AS n, (SELECT count(*) FROM folded)::int AS folded`,
  );
  const settingChangesGone = await count(
    db,
    sql`WITH gone AS (DELETE FROM setting_changes WHERE created_at < ${auditCutoff} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );

  const itemsCutoff = at(new Date(now.getTime() - ITEMS_AFTER_FINISH_MS));
  const itemsGone = await count(
    db,
    sql`WITH gone AS (
          DELETE FROM member_update_items i USING member_update_runs r
          WHERE i.run_id = r.id AND r.status IN ${FINISHED} AND r.finished_at < ${itemsCutoff}
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`,
  );
  const jobCutoff = at(new Date(now.getTime() - retention.jobRetentionDays * DAY_MS));
  const runsGone = await count(
    db,
    sql`WITH latest AS (
          SELECT DISTINCT ON (guild_id) id FROM member_update_runs
          ORDER BY guild_id, created_at DESC, id DESC
        ),
        gone AS (
          DELETE FROM member_update_runs r
          WHERE r.status IN ${FINISHED} AND r.finished_at < ${jobCutoff}
            AND NOT EXISTS (SELECT 1 FROM latest WHERE latest.id = r.id)
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`,
  );

  const tokensGone = await count(
    db,
    sql`WITH gone AS (
          DELETE FROM discord_tokens t
          WHERE t.updated_at < ${at(new Date(now.getTime() - TOKENS_SIGN_IN_GRACE_MS))}
            AND NOT EXISTS (SELECT 1 FROM role_connections rc WHERE rc.user_id = t.user_id)
            AND NOT EXISTS (
              SELECT 1 FROM sessions s
              WHERE s.user_id = t.user_id AND s.revoked_at IS NULL AND s.expires_at > ${at(now)}
                AND EXISTS (
                  SELECT 1 FROM refresh_tokens rt
                  WHERE rt.session_id = s.id AND rt.expires_at > ${at(now)}
                )
            )
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`,
  );
  const groupsCutoff = new Date(now.getTime() - retention.robloxGroupCacheSeconds * 1000 - DAY_MS);
  const groupsGone = await count(
    db,
    sql`WITH gone AS (DELETE FROM roblox_group_cache WHERE fetched_at < ${at(groupsCutoff)} RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return {
    verifications: verificationsGone,
    settingChanges: settingChangesGone,
    memberUpdateRuns: runsGone,
    memberUpdateItems: itemsGone,
    discordTokens: tokensGone,
    robloxGroups: groupsGone,
  };
}
