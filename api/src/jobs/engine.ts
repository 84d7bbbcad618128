import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobEngine = PgBoss;

/**
 * Background work on pg-boss, in the same database as everything else: on PostgreSQL every replica
 * shares one queue (a job runs once, wherever), in the embedded PGlite mode the same code runs in
 * the one process. Jobs live in tables, so they survive a restart.
 */
export async function startJobEngine(
  database: Database,
  log: FastifyBaseLogger,
): Promise<JobEngine> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.raw(text, values) },
    // tests give each file its own schema; the jobs' schema follows it
    schema: database.searchPath ? `${database.searchPath}_jobs` : 'pgboss',
    // maintenance (expiry, archiving) every few minutes is plenty for our volumes
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (err: Error) => log.warn({ err: err.message }, 'job engine error'));
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.start();
      return boss;
    } catch (err) {
      // replicas starting together race to create the job tables; the loser tries again
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== '23505' && code !== '42P06' && code !== '42P07')) throw err;
      log.info({ attempt }, 'job engine tables were being created by another replica; retrying');
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/** Queue depth per queue, for /metrics and /api/health. */
export async function queueDepths(boss: JobEngine, names: string[]) {
  const depths: Record<string, number> = {};
  for (const name of names) depths[name] = await boss.getQueueSize(name);
  return depths;
}
