import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gatewayShardLeases } from '../db/schema';

/** What a holder keeps beside its lease so whoever holds the shard next can resume it. */
export interface StoredSession {
  sessionId: string;
  resumeUrl: string;
  /** the last event handed to the job engine: a resume replays everything after it */
  sequence: number;
  shardCount: number;
}

export interface ClaimedShard {
  shardId: number;
  /** the session the previous holder left, if any */
  session: StoredSession | null;
}

const until = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;

function sessionOf(row: typeof gatewayShardLeases.$inferSelect): StoredSession | null {
  if (!row.sessionId || !row.resumeUrl || row.sequence === null || row.shardCount === null)
    return null;
  return {
    sessionId: row.sessionId,
    resumeUrl: row.resumeUrl,
    sequence: row.sequence,
    shardCount: row.shardCount,
  };
}

/**
 * Takes, of `shardIds`, the shards nobody holds (no row, or a lease that expired: its holder died
 * or let go) for `holder`, with the database's clock so the processes' clocks do not matter. One
 * statement, so two processes reaching for the same shard cannot both win.
 */
export async function claimFreeShards(
  db: Db,
  holder: string,
  shardIds: number[],
  leaseSeconds: number,
): Promise<ClaimedShard[]> {
  if (shardIds.length === 0) return [];
  const rows = await db
    .insert(gatewayShardLeases)
    .values(
      shardIds.map((shardId) => ({
        shardId,
        holder,
        expiresAt: until(leaseSeconds),
        updatedAt: sql`now()`,
      })),
    )
    .onConflictDoUpdate({
      target: gatewayShardLeases.shardId,
      set: { holder, expiresAt: until(leaseSeconds), updatedAt: sql`now()` },
      setWhere: lt(gatewayShardLeases.expiresAt, sql`now()`),
    })
    .returning();
  return rows
    .map((row) => ({ shardId: row.shardId, session: sessionOf(row) }))
    .sort((a, b) => a.shardId - b.shardId);
}

/**
 * Renews `holder`'s lease on each shard and stores its session (undefined: leave the stored one).
 * Answers the shards still held: a shard missing was taken by another process after our lease
 * ran out, and must be let go at once.
 */
export async function renewShards(
  db: Db,
  holder: string,
  shards: { shardId: number; session?: StoredSession | null }[],
  leaseSeconds: number,
): Promise<Set<number>> {
  const held = new Set<number>();
  for (const { shardId, session } of shards) {
    const rows = await db
      .update(gatewayShardLeases)
      .set({
        expiresAt: until(leaseSeconds),
        updatedAt: sql`now()`,
        ...(session === undefined ? {} : sessionColumns(session)),
      })
      .where(and(eq(gatewayShardLeases.shardId, shardId), eq(gatewayShardLeases.holder, holder)))
      .returning({ shardId: gatewayShardLeases.shardId });
    if (rows.length === 1) held.add(shardId);
  }
  return held;
}

function sessionColumns(session: StoredSession | null) {
  return {
    sessionId: session?.sessionId ?? null,
    resumeUrl: session?.resumeUrl ?? null,
    sequence: session?.sequence ?? null,
    shardCount: session?.shardCount ?? null,
  };
}

/** Stores a shard's session now (a new one at READY), while `holder` still holds the shard. */
export async function saveSession(
  db: Db,
  holder: string,
  shardId: number,
  session: StoredSession | null,
): Promise<boolean> {
  const rows = await db
    .update(gatewayShardLeases)
    .set({ ...sessionColumns(session), updatedAt: sql`now()` })
    .where(and(eq(gatewayShardLeases.shardId, shardId), eq(gatewayShardLeases.holder, holder)))
    .returning({ shardId: gatewayShardLeases.shardId });
  return rows.length === 1;
}

/**
 * Lets go of shards on a graceful stop: the lease ends now, so another process takes them at its
 * next look, and the session stays for it to resume.
 */
export async function releaseShards(db: Db, holder: string, shardIds: number[]): Promise<void> {
  if (shardIds.length === 0) return;
  await db
    .update(gatewayShardLeases)
    .set({ expiresAt: sql`now() - interval '1 second'`, updatedAt: sql`now()` })
    .where(
      and(inArray(gatewayShardLeases.shardId, shardIds), eq(gatewayShardLeases.holder, holder)),
    );
}

/** Every lease, for the health of the gateway and for tests. */
export async function listLeases(db: Db) {
  return db
    .select({
      shardId: gatewayShardLeases.shardId,
      holder: gatewayShardLeases.holder,
      expiresAt: gatewayShardLeases.expiresAt,
      live: sql<boolean>`${gatewayShardLeases.expiresAt} > now()`,
    })
    .from(gatewayShardLeases)
    .orderBy(gatewayShardLeases.shardId);
}
