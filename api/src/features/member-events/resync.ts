import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ResyncSettings } from '../../config';
import type { Db } from '../../db/client';
import { guildConfigs, guildResyncs, guilds, memberUpdateRuns } from '../../db/schema';
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

export type SweepResult =
  | { started: { guildId: string; runId: string; alreadyRunning: boolean } }
  | { started: null; reason: 'outside_quiet_hours' | 'previous_still_running' | 'none_due' };

/**
 * One look of the scheduled resync: in the quiet hours, and when the run it started last is over,
 * it starts the update of every member (the member-updates feature's run) in the one server due
 * longest: a daily server not resynced since these quiet hours began, a weekly one not for 6 days
 * more. One server at a time, so the bot's Discord limits are spent on one run.
 *
 * It only writes the run's row, queued: the member-updates feature's sweep queues a job for a run
 * that waited a lease with none (features never import each other; the row is their contract).
 * A server whose owner started a run already counts it as this period's resync.
 */
export async function resyncSweep(
  db: Db,
  settings: ResyncSettings,
  now: Date = new Date(),
): Promise<SweepResult> {
  if (!inQuietHours(now, settings)) return { started: null, reason: 'outside_quiet_hours' };
  const [busy] = await db
    .select({ runId: guildResyncs.runId })
    .from(guildResyncs)
    .innerJoin(memberUpdateRuns, eq(memberUpdateRuns.id, guildResyncs.runId))
    .where(inArray(memberUpdateRuns.status, ['queued', 'running']))
    .limit(1);
  if (busy) return { started: null, reason: 'previous_still_running' };

  const start = windowStart(now, settings);
  const weeklyBefore = new Date(start.getTime() - 6 * DAY_MS);
  const [due] = await db
    .select({ guildId: guildConfigs.guildId })
    .from(guildConfigs)
    .innerJoin(guilds, eq(guilds.id, guildConfigs.guildId))
    .leftJoin(guildResyncs, eq(guildResyncs.guildId, guildConfigs.guildId))
    .where(
      and(
        eq(guildConfigs.setupCompleted, true),
        eq(guilds.botPresent, true),
        sql`(
          (${guildConfigs.resync} = 'daily' AND (${guildResyncs.startedAt} IS NULL OR ${guildResyncs.startedAt} < ${start.toISOString()}::timestamptz))
          OR (${guildConfigs.resync} = 'weekly' AND (${guildResyncs.startedAt} IS NULL OR ${guildResyncs.startedAt} < ${weeklyBefore.toISOString()}::timestamptz))
        )`,
      ),
    )
    .orderBy(sql`${guildResyncs.startedAt} ASC NULLS FIRST`, asc(guildConfigs.guildId))
    .limit(1);
  if (!due) return { started: null, reason: 'none_due' };

  const { guildId } = due;
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
  if (!runId) return { started: null, reason: 'none_due' }; // it ended between the two reads
  await db
    .insert(guildResyncs)
    .values({ guildId, runId, startedAt: now })
    .onConflictDoUpdate({ target: guildResyncs.guildId, set: { runId, startedAt: now } });
  return { started: { guildId, runId, alreadyRunning: !created } };
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
    if (result.started) log.info(result.started, 'scheduled resync started');
    return result;
  });
}
