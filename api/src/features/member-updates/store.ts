import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { MemberUpdateJob } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { announceUpdateRun } from '../../domain/audit/record';
import { memberUpdateItems, memberUpdateRuns, robloxAccounts, users } from '../../db/schema';

export type RunRow = typeof memberUpdateRuns.$inferSelect;
/** runs a worker may take */
const RUNNABLE = ['queued', 'running'] as const;
/** the server's one run that is not over (migration 0018): a run waiting for the owner counts */
const ACTIVE = [...RUNNABLE, 'waiting_for_owner'] as const;

/** The run as the console reads it; `callerIsOwner` from the caller's guild list (a hint only). */
export function toJobDto(run: RunRow, callerIsOwner: boolean): MemberUpdateJob {
  return {
    job_id: run.id,
    status: run.status,
    total: run.total,
    done: run.done,
    failed: run.failed,
    removed: run.removed,
    removals_waiting: run.removalsWaiting,
    role_id: run.roleId ?? null,
    caller_is_owner: callerIsOwner,
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

export async function findRun(db: Db, guildId: string, runId: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(memberUpdateRuns)
    .where(and(eq(memberUpdateRuns.id, runId), eq(memberUpdateRuns.guildId, guildId)));
  return row ?? null;
}

export async function latestRun(db: Db, guildId: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(memberUpdateRuns)
    .where(eq(memberUpdateRuns.guildId, guildId))
    .orderBy(desc(memberUpdateRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** A new queued run, or the server's run that is already queued or running. */
export async function createRun(
  db: Db,
  guildId: string,
  requestedBy: string,
  /** only the members holding this role; null: everyone */
  roleId: string | null = null,
): Promise<{ run: RunRow; created: boolean }> {
  const [created] = await db
    .insert(memberUpdateRuns)
    .values({ id: randomUUID(), guildId, requestedBy, status: 'queued', roleId })
    .onConflictDoNothing()
    .returning();
  if (created) return { run: created, created: true };
  const [active] = await db
    .select()
    .from(memberUpdateRuns)
    .where(
      and(eq(memberUpdateRuns.guildId, guildId), inArray(memberUpdateRuns.status, [...ACTIVE])),
    );
  if (!active) throw new Error('the active run vanished while starting another');
  return { run: active, created: false };
}

/** Answers the run as it ended, or null when it was over already (a run waiting for the owner ends too). */
export async function cancelRun(db: Db, runId: string): Promise<RunRow | null> {
  const [row] = await db
    .update(memberUpdateRuns)
    .set({ status: 'cancelled', finishedAt: new Date(), worker: null })
    .where(and(eq(memberUpdateRuns.id, runId), inArray(memberUpdateRuns.status, [...ACTIVE])))
    .returning();
  return row ?? null;
}

/**
 * Takes (or renews) the run's lease for `worker`: only when nobody holds it or the holder has
 * not been heard of for `leaseSeconds`. Null when the run is over or someone else is on it.
 */
export async function claimRun(
  db: Db,
  runId: string,
  worker: string,
  leaseSeconds: number,
): Promise<RunRow | null> {
  const [row] = await db
    .update(memberUpdateRuns)
    .set({
      worker,
      heartbeatAt: sql`now()`,
      status: 'running',
      startedAt: sql`coalesce(${memberUpdateRuns.startedAt}, now())`,
    })
    .where(
      and(
        eq(memberUpdateRuns.id, runId),
        inArray(memberUpdateRuns.status, [...RUNNABLE]),
        sql`(${memberUpdateRuns.worker} IS NULL OR ${memberUpdateRuns.worker} = ${worker}
             OR ${memberUpdateRuns.heartbeatAt} < now() - make_interval(secs => ${leaseSeconds}))`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The run, while it is running under `worker` (whose lease it is). */
const runningUnder = (runId: string, worker: string) =>
  and(
    eq(memberUpdateRuns.id, runId),
    eq(memberUpdateRuns.worker, worker),
    eq(memberUpdateRuns.status, 'running'),
  );

/** Renews the lease; false when the run was cancelled or another worker took it over. */
export async function heartbeat(db: Db, runId: string, worker: string): Promise<boolean> {
  const rows = await db
    .update(memberUpdateRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(runningUnder(runId, worker))
    .returning({ id: memberUpdateRuns.id });
  return rows.length === 1;
}

/**
 * Runs that are queued or running with nobody heard of for `leaseSeconds` (their worker died). A
 * queued run has no heartbeat yet: it counts once it has waited a lease (its job lost), or at
 * once with `waitingToo`. A run waiting for the owner has no job until the owner allows it.
 */
export async function orphanedRuns(
  db: Db,
  leaseSeconds: number,
  { waitingToo = false }: { waitingToo?: boolean } = {},
): Promise<string[]> {
  const quiet = sql`coalesce(${memberUpdateRuns.heartbeatAt}, ${memberUpdateRuns.createdAt})
    < now() - make_interval(secs => ${leaseSeconds})`;
  const rows = await db
    .select({ id: memberUpdateRuns.id })
    .from(memberUpdateRuns)
    .where(
      and(
        inArray(memberUpdateRuns.status, [...RUNNABLE]),
        waitingToo ? or(isNull(memberUpdateRuns.heartbeatAt), quiet) : quiet,
      ),
    );
  return rows.map((r) => r.id);
}

/** Of these Discord ids, the ones with a linked Roblox account. */
export async function linkedDiscordIds(db: Db, discordIds: string[]): Promise<Set<string>> {
  if (discordIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ discordId: users.discordId })
    .from(users)
    .innerJoin(robloxAccounts, eq(robloxAccounts.userId, users.id))
    .where(inArray(users.discordId, discordIds));
  return new Set(rows.map((r) => r.discordId));
}

/**
 * Records one listed page: the members to update, how many people the page had (the share of
 * kicks and bans is counted from them), and where listing resumes.
 */
export async function addListedPage(
  db: Db,
  runId: string,
  members: { discordId: string; roles: string[]; nick: string | null }[],
  people: number,
  cursor: string,
  last: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (members.length > 0)
      await tx
        .insert(memberUpdateItems)
        .values(
          members.map((m) => ({
            runId,
            discordId: m.discordId,
            state: 'pending' as const,
            listedRoles: m.roles,
            listedNick: m.nick,
          })),
        )
        .onConflictDoNothing();
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberUpdateItems)
      .where(eq(memberUpdateItems.runId, runId))) as [{ count: number }];
    await tx
      .update(memberUpdateRuns)
      .set({
        listCursor: cursor,
        listed: last,
        total: count,
        members: sql`${memberUpdateRuns.members} + ${people}`,
      })
      .where(eq(memberUpdateRuns.id, runId));
  });
}

export type ItemRow = typeof memberUpdateItems.$inferSelect;

/**
 * The next members to update, marked 'working' first. Members left 'working' by a worker that
 * died come back flagged `interrupted`, so their live state is read again instead of trusted.
 */
export async function takeItems(db: Db, runId: string, limit: number) {
  const interrupted = await db
    .select()
    .from(memberUpdateItems)
    .where(and(eq(memberUpdateItems.runId, runId), eq(memberUpdateItems.state, 'working')))
    .limit(limit);
  const fresh = await db
    .update(memberUpdateItems)
    .set({ state: 'working' })
    .where(
      and(
        eq(memberUpdateItems.runId, runId),
        sql`${memberUpdateItems.discordId} IN (
          SELECT discord_id FROM member_update_items
          WHERE run_id = ${runId} AND state = 'pending'
          ORDER BY discord_id LIMIT ${Math.max(0, limit - interrupted.length)})`,
      ),
    )
    .returning();
  return [
    ...interrupted.map((item) => ({ item, interrupted: true })),
    ...fresh.map((item) => ({ item, interrupted: false })),
  ];
}

/**
 * Moves a member the worker is on ('working') to `state` and counts it in the run's `count`,
 * once: a second call for the same member changes nothing.
 */
async function settleItem(
  db: Db,
  runId: string,
  discordId: string,
  state: 'done' | 'failed' | 'held',
  count: 'done' | 'failed' | 'removalsWaiting',
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(memberUpdateItems)
      .set({ state })
      .where(
        and(
          eq(memberUpdateItems.runId, runId),
          eq(memberUpdateItems.discordId, discordId),
          eq(memberUpdateItems.state, 'working'),
        ),
      )
      .returning({ id: memberUpdateItems.discordId });
    if (changed.length === 0) return;
    await tx
      .update(memberUpdateRuns)
      .set({ [count]: sql`${memberUpdateRuns[count]} + 1` })
      .where(eq(memberUpdateRuns.id, runId));
  });
}

/** Marks one member finished and counts it on the run, once. */
export const finishItem = (db: Db, runId: string, discordId: string, ok: boolean) =>
  settleItem(db, runId, discordId, ok ? 'done' : 'failed', ok ? 'done' : 'failed');

/** Puts a member back in the queue (Discord asked us to slow down more than we wait in line). */
export async function requeueItem(db: Db, runId: string, discordId: string): Promise<void> {
  await db
    .update(memberUpdateItems)
    .set({ state: 'pending' })
    .where(and(eq(memberUpdateItems.runId, runId), eq(memberUpdateItems.discordId, discordId)));
}

/**
 * Counts one kick or ban on the run when it stays within `limit` (the run's own limit once the
 * owner allowed more): false when the run may not remove anyone else unasked. One statement, so
 * the members updated side by side never pass the limit together.
 */
export async function takeRemoval(db: Db, runId: string, limit: number): Promise<boolean> {
  const rows = await db
    .update(memberUpdateRuns)
    .set({ removed: sql`${memberUpdateRuns.removed} + 1` })
    .where(
      and(
        eq(memberUpdateRuns.id, runId),
        sql`${memberUpdateRuns.removed} < coalesce(${memberUpdateRuns.removalLimit}, ${limit})`,
      ),
    )
    .returning({ id: memberUpdateRuns.id });
  return rows.length === 1;
}

/** Holds a member back for the owner (only denied so far), counted on the run once. */
export const holdItem = (db: Db, runId: string, discordId: string) =>
  settleItem(db, runId, discordId, 'held', 'removalsWaiting');

/**
 * Every member is handled: the run is done, or, when it held members back, waits for the owner
 * with no worker and no job (nothing runs until the owner allows it or someone cancels).
 */
export async function finishOrWait(db: Db, runId: string, worker: string): Promise<RunRow | null> {
  const [row] = await db
    .update(memberUpdateRuns)
    .set({
      status: sql`CASE WHEN ${memberUpdateRuns.removalsWaiting} > 0 THEN 'waiting_for_owner' ELSE 'done' END`,
      finishedAt: sql`CASE WHEN ${memberUpdateRuns.removalsWaiting} > 0 THEN NULL ELSE now() END`,
      worker: null,
      heartbeatAt: null,
    })
    .where(runningUnder(runId, worker))
    .returning();
  return row ?? null;
}

/**
 * The owner allows the members held back: the run may try that many more kicks and bans, and is
 * queued again with them to do (re-read from Discord first, as after a crash: they were denied
 * roles since they were listed). Null when the run is not waiting for the owner.
 */
export async function allowRemovals(
  db: Db,
  runId: string,
): Promise<{ run: RunRow; allowed: number } | null> {
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select()
      .from(memberUpdateRuns)
      .where(and(eq(memberUpdateRuns.id, runId), eq(memberUpdateRuns.status, 'waiting_for_owner')))
      .for('update');
    if (!waiting) return null;
    const allowed = waiting.removalsWaiting;
    const [run] = await tx
      .update(memberUpdateRuns)
      .set({
        status: 'queued',
        removalLimit: waiting.removed + allowed,
        removalsWaiting: 0,
        worker: null,
        heartbeatAt: null,
      })
      .where(eq(memberUpdateRuns.id, runId))
      .returning();
    await tx
      .update(memberUpdateItems)
      .set({ state: 'working' })
      .where(and(eq(memberUpdateItems.runId, runId), eq(memberUpdateItems.state, 'held')));
    return { run: run!, allowed };
  });
}

export async function endRun(
  db: Db,
  runId: string,
  worker: string,
  status: 'done' | 'failed',
  error?: string,
): Promise<RunRow | null> {
  const [row] = await db
    .update(memberUpdateRuns)
    .set({ status, finishedAt: new Date(), error: error ?? null, worker: null })
    .where(runningUnder(runId, worker))
    .returning();
  return row ?? null;
}

/** The log channel's one message for a run that ended here (domain/discord-log). */
export function announceRunEnd(db: Db, run: RunRow | null): void {
  if (!run || (run.status !== 'done' && run.status !== 'failed' && run.status !== 'cancelled'))
    return;
  announceUpdateRun(db, run.guildId, {
    status: run.status,
    total: run.total,
    done: run.done,
    failed: run.failed,
    error: run.error,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt ?? new Date(),
  });
}

/** Gives the run up on a graceful stop, so another worker (or the next start) continues at once. */
export async function releaseRun(db: Db, runId: string, worker: string): Promise<void> {
  await db
    .update(memberUpdateRuns)
    .set({ worker: null, heartbeatAt: null })
    .where(and(eq(memberUpdateRuns.id, runId), eq(memberUpdateRuns.worker, worker)));
}
