import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ResyncSettings } from '../../config';
import type { Db } from '../../db/client';
import { guildResyncs, memberUpdateRuns } from '../../db/schema';
import type { JobEngine } from '../../lib/job-engine';

export const RESYNC_QUEUE = 'member-resync';
/** how often the schedule looks for a server due (UTC cron) */
export const RESYNC_CRON = '*/5 * * * *';
const RESYNC_POLL_SECONDS = 60;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The hour `now` falls in counted from the first quiet hour (0 = RESYNC_HOUR_UTC). */
function hoursIntoWindow(now: Date, settings: ResyncSettings): number {
  return (now.getUTCHours() - settings.hourUtc + 24) % 24;
}

export function inQuietHours(now: Date, settings: ResyncSettings): boolean {
  return hoursIntoWindow(now, settings) < settings.windowHours;
}

/** When the quiet hours `now` falls in (or last fell in) began. */
export function windowStart(now: Date, settings: ResyncSettings): Date {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return new Date(hour.getTime() - hoursIntoWindow(now, settings) * HOUR_MS);
}

/**
 * Scheduled resync runs going at once across every replica (a constant, not a setting): enough
 * that many small servers are not each a sweep apart, few enough that the member updates, which
 * take turns by slices, leave the bot's Discord limits to the website's and the members' own.
 */
export const RESYNC_PARALLEL_RUNS = 4;

export interface StartedResync {
  guildId: string;
  runId: string;
  /** the server's owner had a run going already: it counts as this period's resync */
  alreadyRunning: boolean;
}

export type SweepResult =
  | { started: [StartedResync, ...StartedResync[]] }
  | { started: []; reason: 'outside_quiet_hours' | 'all_runs_busy' | 'none_due' };

type Rows<T> = { rows: T[] };

/**
 * The servers to start now, at most `free`, taking turns by owner: each owner's servers are
 * numbered from the one due longest, an owner's runs going already count as turns taken, and the
 * lowest turns go first. So one owner with many daily servers gets one server started in each
 * round, beside everyone else's, and never holds every run while another's server waits. A server
 * whose owner never signed in here is an owner of its own.
 */
async function dueInTurn(db: Db, settings: ResyncSettings, now: Date, free: number) {
  const start = windowStart(now, settings);
  const weeklyBefore = new Date(start.getTime() - 6 * DAY_MS);
  const result = (await db.execute(sql`
    WITH owners AS (
      SELECT guild_id, min(user_id::text) AS owner FROM user_guilds WHERE owner GROUP BY guild_id
    ),
    due AS (
      SELECT c.guild_id, r.started_at, coalesce(o.owner, 'guild:' || c.guild_id) AS tenant
      FROM guild_configs c
      JOIN guilds g ON g.id = c.guild_id
      LEFT JOIN guild_resyncs r ON r.guild_id = c.guild_id
      LEFT JOIN owners o ON o.guild_id = c.guild_id
      WHERE c.setup_completed AND g.bot_present AND (
        (c.resync = 'daily' AND (r.started_at IS NULL OR r.started_at < ${start.toISOString()}::timestamptz))
        OR (c.resync = 'weekly' AND (r.started_at IS NULL OR r.started_at < ${weeklyBefore.toISOString()}::timestamptz))
      )
    ),
    going AS (
      SELECT coalesce(o.owner, 'guild:' || r.guild_id) AS tenant, count(*) AS runs
      FROM guild_resyncs r
      JOIN member_update_runs m ON m.id = r.run_id AND m.status IN ('queued', 'running')
      LEFT JOIN owners o ON o.guild_id = r.guild_id
      GROUP BY 1
    ),
    numbered AS (
      SELECT due.*, row_number() OVER (
        PARTITION BY tenant ORDER BY started_at ASC NULLS FIRST, guild_id
      ) AS turn
      FROM due
    )
    SELECT n.guild_id FROM numbered n LEFT JOIN going USING (tenant)
    ORDER BY n.turn + coalesce(going.runs, 0), n.started_at ASC NULLS FIRST, n.guild_id
    LIMIT ${free}`)) as unknown as Rows<{ guild_id: string }>;
  return result.rows.map((r) => r.guild_id);
}

/** Starts the member-updates feature's run for one server (or takes the one going) as its resync. */
async function startResync(db: Db, guildId: string, now: Date): Promise<StartedResync | null> {
  const [created] = await db
    .insert(memberUpdateRuns)
    .values({ id: randomUUID(), guildId, requestedBy: null, status: 'queued' })
    // at most one active run per server (migration 0005): the owner's counts
    .onConflictDoNothing()
    .returning({ id: memberUpdateRuns.id });
  const runId =
    created?.id ??
    (
      await db
        .select({ id: memberUpdateRuns.id })
        .from(memberUpdateRuns)
        .where(
          and(
            eq(memberUpdateRuns.guildId, guildId),
            // a run waiting for the owner to allow kicks or bans (migration 0018) counts too
            inArray(memberUpdateRuns.status, ['queued', 'running', 'waiting_for_owner']),
          ),
        )
    )[0]?.id;
  if (!runId) return null; // it ended between the two reads
  await db
    .insert(guildResyncs)
    .values({ guildId, runId, startedAt: now })
    .onConflictDoUpdate({ target: guildResyncs.guildId, set: { runId, startedAt: now } });
  return { guildId, runId, alreadyRunning: !created };
}

/**
 * One look of the scheduled resync: in the quiet hours, while fewer than RESYNC_PARALLEL_RUNS of
 * the runs it started are going, it starts the update of every member (the member-updates
 * feature's run) in as many servers due as there are runs free, taking turns by owner
 * (dueInTurn): a daily server not resynced since these quiet hours began, a weekly one not for 6
 * days more.
 *
 * It only writes the runs' rows, queued: the member-updates feature's sweep queues a job for a run
 * that waited a lease with none (features never import each other; the row is their contract).
 * A server whose owner started a run already counts it as this period's resync.
 */
export async function resyncSweep(
  db: Db,
  settings: ResyncSettings,
  now: Date = new Date(),
): Promise<SweepResult> {
  if (!inQuietHours(now, settings)) return { started: [], reason: 'outside_quiet_hours' };
  const going = await db
    .select({ runId: guildResyncs.runId })
    .from(guildResyncs)
    .innerJoin(memberUpdateRuns, eq(memberUpdateRuns.id, guildResyncs.runId))
    .where(inArray(memberUpdateRuns.status, ['queued', 'running']));
  const free = RESYNC_PARALLEL_RUNS - going.length;
  if (free <= 0) return { started: [], reason: 'all_runs_busy' };

  const started: StartedResync[] = [];
  for (const guildId of await dueInTurn(db, settings, now, free)) {
    const run = await startResync(db, guildId, now);
    if (run) started.push(run);
  }
  const [first, ...rest] = started;
  return first ? { started: [first, ...rest] } : { started: [], reason: 'none_due' };
}

/**
 * The schedule: a job every five minutes (one across replicas, pg-boss's cron), one sweep at a
 * time (a singleton queue).
 */
export async function registerResyncJob(
  engine: JobEngine,
  db: Db,
  settings: ResyncSettings,
  log: FastifyBaseLogger,
): Promise<void> {
  await engine.createQueue(RESYNC_QUEUE, { name: RESYNC_QUEUE, policy: 'singleton' });
  await engine.schedule(RESYNC_QUEUE, RESYNC_CRON, {}, { tz: 'UTC' });
  await engine.work(RESYNC_QUEUE, { pollingIntervalSeconds: RESYNC_POLL_SECONDS }, async () => {
    const result = await resyncSweep(db, settings);
    for (const started of result.started) log.info(started, 'scheduled resync started');
    return result;
  });
}
