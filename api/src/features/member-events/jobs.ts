import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { ChangeFeed } from '../../db/change-feed';
import type { JobEngine } from '../../lib/job-engine';
import { wakeOnQueued } from '../../lib/wake-on-queued';
import { ensureMemberEventQueue, MEMBER_EVENT_QUEUE, type MemberEvent } from './events';
import { handleMemberEvent } from './handle-event';

/** members one worker takes at once; the bot client still queues per Discord bucket */
const BATCH = 8;
/**
 * Workers per replica, each with its own batch: a join waits on several Discord buckets in turn,
 * and a batch on its slowest join, so fewer batches left buckets idle while others worked (1,000
 * joins: 0.8 a second with one, 3.3 with four, 4.6 with eight, where the buckets allow 5;
 * docs/performance.md › Member updates).
 */
const WORKERS = 8;
/**
 * The worker's own look for events nobody told it about, a backstop: the gateway wakes every
 * replica's worker as it queues (wakeOnQueued), and each look is a query.
 */
const BACKSTOP_POLL_SECONDS = 10;

const SNOWFLAKE = /^\d{1,20}$/;

/** The job's data as the gateway queued it; null for anything else (never retried). */
export function parseMemberEvent(data: unknown): MemberEvent | null {
  const d = data as Partial<MemberEvent> | null;
  if (!d || (d.kind !== 'join' && d.kind !== 'leave')) return null;
  if (typeof d.guildId !== 'string' || !SNOWFLAKE.test(d.guildId)) return null;
  if (typeof d.userId !== 'string' || !SNOWFLAKE.test(d.userId)) return null;
  if (typeof d.at !== 'string' || Number.isNaN(Date.parse(d.at))) return null;
  return { kind: d.kind, guildId: d.guildId, userId: d.userId, at: d.at };
}

export interface MemberEventWorker {
  stop(): void;
}

/** Works the member-event queue: each join or leave once, wherever it is taken. */
export async function registerMemberEventJobs(
  engine: JobEngine,
  ctx: AppContext,
  log: FastifyBaseLogger,
  changes: ChangeFeed,
): Promise<MemberEventWorker> {
  const self = `member-events:${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  await ensureMemberEventQueue(engine);
  let stopping = false;
  const handleBatch = async (jobs: { id: string; data: unknown }[]) => {
    const failed: { id: string; message: string }[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        const event = parseMemberEvent(job.data);
        if (!event) {
          log.error({ jobId: job.id }, 'a member event job carried no event; dropped');
          return;
        }
        try {
          const outcome = await handleMemberEvent(ctx, event);
          log.info(
            {
              guildId: event.guildId,
              member: event.userId,
              event: event.kind,
              outcome: outcome.kind,
              ...(outcome.kind === 'unlinked' && outcome.dmSkipped
                ? { dmSkipped: outcome.dmSkipped }
                : {}),
            },
            'member event handled',
          );
        } catch (err) {
          failed.push({ id: job.id, message: (err as Error).message });
        }
      }),
    );
    if (failed.length === 0) return;
    log.warn({ failed }, 'member events failed; they will be tried again');
    // these are retried by the engine; the rest of the batch completes as the handler returns
    await engine.fail(
      MEMBER_EVENT_QUEUE,
      failed.map((f) => f.id),
    );
  };
  const workerIds: string[] = [];
  for (let i = 0; i < WORKERS; i += 1)
    workerIds.push(
      await engine.work<unknown>(
        MEMBER_EVENT_QUEUE,
        { batchSize: BATCH, pollingIntervalSeconds: BACKSTOP_POLL_SECONDS },
        handleBatch,
      ),
    );
  const wake = () => {
    if (!stopping) for (const id of workerIds) engine.notifyWorker(id);
  };
  const stopWaking = wakeOnQueued(changes, MEMBER_EVENT_QUEUE, self, wake);
  return {
    stop() {
      stopping = true;
      stopWaking();
    },
  };
}
