import type { Db } from '../db/client';
import { purgeExpired } from '../features/maintenance/purge';
import type { JobEngine } from './engine';
import type { FastifyBaseLogger } from 'fastify';

export const PURGE_QUEUE = 'purge-expired';

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
  // the worker last: a retried set-up (retryStartupRace) never registers it twice
  await boss.work(PURGE_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    const counts = await purgeExpired(db);
    log.info({ purged: counts }, 'purged expired rows');
    return counts;
  });
}
