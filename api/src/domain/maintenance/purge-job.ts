import type { AppContext } from '../../context';
import type { JobEngine } from '../../lib/job-engine';
import { purgeDeliveries } from '../webhooks/store';
import { purgeGrowingTables } from './growing-tables';
import { purgeInactiveAccounts } from './inactive-accounts';
import { purgeExpired, purgePastRetention } from './purge';
import type { FastifyBaseLogger } from 'fastify';

export const PURGE_QUEUE = 'purge-expired';
export const PURGE_POLL_SECONDS = 30;

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/**
 * The purge runs as a job: hourly on a schedule and once at start. It deletes what can never be
 * used again, then what is past its retention (AUDIT_RETENTION_DAYS, JOB_RETENTION_DAYS, and each
 * table that grows with use: growing-tables.ts), then the
 * accounts not seen for two years (inactive-accounts.ts). Several replicas starting
 * together create one start-up job between them (a singleton per 5-minute slot), and whichever
 * replica takes a job runs it, once.
 */
export async function registerPurgeJob(
  boss: JobEngine,
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<void> {
  const { db, settings } = ctx;
  await boss.createQueue(PURGE_QUEUE);
  await boss.schedule(PURGE_QUEUE, settings.purgeCron, {}, { singletonKey: 'scheduled' });
  await boss.send(PURGE_QUEUE, {}, { singletonKey: 'startup', singletonSeconds: 300 });
  // The worker last: a retried set-up (retryStartupRace) never registers it twice. It takes the
  // start-up job at once; an hourly job can wait half a minute (on PGlite each look blocks the
  // API's thread for a few milliseconds).
  await boss.work(PURGE_QUEUE, { pollingIntervalSeconds: PURGE_POLL_SECONDS }, async () => {
    const counts = {
      ...(await purgeExpired(db)),
      ...(await purgePastRetention(db, settings)),
      ...(await purgeGrowingTables(db, settings)),
      inactiveAccounts: await purgeInactiveAccounts(ctx),
      // finished webhook deliveries with the jobs
      webhookDeliveries: await purgeDeliveries(db, daysAgo(settings.jobRetentionDays)),
    };
    log.info({ purged: counts }, 'purged expired rows and rows past their retention');
    return counts;
  });
}
