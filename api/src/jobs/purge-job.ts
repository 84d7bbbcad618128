import type { Db } from '../db/client';
import { purgeExpired } from '../features/maintenance/purge';
import type { JobEngine } from './engine';
import type { FastifyBaseLogger } from 'fastify';

export const PURGE_QUEUE = 'purge-expired';
export const PURGE_POLL_SECONDS = 30;

/**
 * The purge runs as a job: hourly on a schedule and once at start. Several replicas starting
 * together create one start-up job between them (a singleton per 5-minute slot), and whichever
 * replica takes a job runs it, once.
 */
export async function registerPurgeJob(
  boss: JobEngine,
  db: Db,
  log: FastifyBaseLogger,
  cron: string,
): Promise<void> {
  await boss.createQueue(PURGE_QUEUE);
  await boss.schedule(PURGE_QUEUE, cron, {}, { singletonKey: 'scheduled' });
  await boss.send(PURGE_QUEUE, {}, { singletonKey: 'startup', singletonSeconds: 300 });
  // The worker last: a retried set-up (retryStartupRace) never registers it twice. It takes the
  // start-up job at once; an hourly job can wait half a minute (on PGlite each look blocks the
  // API's thread for a few milliseconds).
  await boss.work(PURGE_QUEUE, { pollingIntervalSeconds: PURGE_POLL_SECONDS }, async () => {
    const counts = await purgeExpired(db);
    log.info({ purged: counts }, 'purged expired rows');
    return counts;
  });
}
