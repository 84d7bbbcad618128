import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gatewayRefusals } from '../db/schema';

/**
 * The gateway's state shared by every worker process and read by /api/health (migration 0015):
 * the session starts left today, and the shards Discord closed for good.
 */

/** What each fatal close means for the operator, in the words /api/health uses (docs/production.md). */
export const REFUSAL_WORDS: Record<number, string> = {
  4004: 'refused — the bot token is invalid or was reset: set DISCORD_BOT_TOKEN to the current token',
  4010: 'refused — the shard count does not fit: set GATEWAY_SHARD_COUNT to auto',
  4011: 'refused — Discord requires more shards: set GATEWAY_SHARD_COUNT to auto or higher',
  4012: 'refused — Discord refused the gateway version',
  4013: 'refused — Discord refused the intents asked for',
  4014: 'refused — turn on the Server Members intent (Developer Portal › Bot › Privileged Gateway Intents)',
};

/**
 * Records Discord's own count from GET /gateway/bot. Within the window already stored, the
 * lower count wins (another process may have identified since Discord answered); a window that
 * has passed is replaced.
 */
export async function recordSessionStartLimit(
  db: Db,
  limit: { remaining: number; reset_after: number },
): Promise<void> {
  const remaining = Math.max(0, Math.floor(limit.remaining));
  const resetAt = sql`now() + make_interval(secs => ${Math.max(0, limit.reset_after) / 1000})`;
  await db.execute(sql`
    INSERT INTO gateway_session_starts (id, remaining, reset_at) VALUES (1, ${remaining}, ${resetAt})
    ON CONFLICT (id) DO UPDATE SET
      remaining = CASE WHEN gateway_session_starts.reset_at <= now() THEN excluded.remaining
        ELSE least(gateway_session_starts.remaining, excluded.remaining) END,
      reset_at = CASE WHEN gateway_session_starts.reset_at <= now() THEN excluded.reset_at
        ELSE gateway_session_starts.reset_at END,
      updated_at = now()`);
}

export type SessionStartTake =
  /** one session start is ours: identify now */
  | { taken: true }
  /** none left until `waitMs` from now; `stale`: the stored window has passed (or none is stored), ask Discord */
  | { taken: false; waitMs: number; stale: boolean };

/** Takes one session start if one is left, in one statement, so two processes never take the last one both. */
export async function takeSessionStart(db: Db): Promise<SessionStartTake> {
  const taken = (await db.execute(sql`
    UPDATE gateway_session_starts SET remaining = remaining - 1, updated_at = now()
    WHERE id = 1 AND remaining >= 1 AND reset_at > now()
    RETURNING remaining`)) as unknown as { rows: unknown[] };
  if (taken.rows.length === 1) return { taken: true };
  const [row] = (
    (await db.execute(sql`
      SELECT greatest(0, extract(epoch FROM reset_at - now()) * 1000)::float8 AS wait_ms
      FROM gateway_session_starts WHERE id = 1`)) as unknown as { rows: { wait_ms: number }[] }
  ).rows;
  const waitMs = Number(row?.wait_ms ?? 0);
  return { taken: false, waitMs, stale: !row || waitMs <= 0 };
}

/** No session start is left in the stored window: a new shard would only wait. */
export async function sessionStartsUsedUp(db: Db): Promise<boolean> {
  const rows = (await db.execute(sql`
    SELECT 1 FROM gateway_session_starts WHERE id = 1 AND remaining < 1 AND reset_at > now()`)) as unknown as {
    rows: unknown[];
  };
  return rows.rows.length > 0;
}

/** Discord closed `shardId` for good with `code`. */
export async function recordRefusal(
  db: Db,
  shardId: number,
  code: number,
  holder: string,
): Promise<void> {
  await db
    .insert(gatewayRefusals)
    .values({ shardId, code, holder, refusedAt: sql`now()` })
    .onConflictDoUpdate({
      target: gatewayRefusals.shardId,
      set: { code, holder, refusedAt: sql`now()` },
    });
}

/** `shardId` identified (READY): whatever refused it before is fixed. */
export async function clearRefusal(db: Db, shardId: number): Promise<void> {
  await db.delete(gatewayRefusals).where(eq(gatewayRefusals.shardId, shardId));
}

/** `holder` starts over (the shard count changed): its refusals no longer hold. */
export async function clearRefusalsOf(db: Db, holder: string): Promise<void> {
  await db.delete(gatewayRefusals).where(eq(gatewayRefusals.holder, holder));
}

/**
 * The gateway in plain words for /api/health: `ok`; `off` when no worker holds a shard; a
 * refusal (the first shard's, by close code) with what to do; or the session start limit used up.
 * `problem`: the gateway cannot deliver events until someone acts or the limit resets.
 */
export async function readGatewayHealth(db: Db): Promise<{ state: string; problem: boolean }> {
  const [refusal] = await db
    .select({ code: gatewayRefusals.code })
    .from(gatewayRefusals)
    .orderBy(gatewayRefusals.shardId)
    .limit(1);
  if (refusal)
    return {
      state:
        REFUSAL_WORDS[refusal.code] ?? `refused — Discord closed the gateway (${refusal.code})`,
      problem: true,
    };
  const rows = (await db.execute(sql`
    SELECT
      (SELECT reset_at FROM gateway_session_starts
        WHERE id = 1 AND remaining < 1 AND reset_at > now()) AS limit_until,
      EXISTS (SELECT 1 FROM gateway_shard_leases WHERE expires_at > now()) AS held`)) as unknown as {
    rows: { limit_until: string | Date | null; held: boolean }[];
  };
  const row = rows.rows[0];
  if (row?.limit_until)
    return {
      state: `waiting — the daily session start limit is used up; identifies again after ${new Date(row.limit_until).toISOString()}`,
      problem: true,
    };
  return { state: row?.held ? 'ok' : 'off', problem: false };
}
