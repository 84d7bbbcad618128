import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobEngine = PgBoss;

/** The schema of `database`'s job tables: tests give each file its own schema, and the jobs' follows it. */
export function jobSchemaOf(database: Pick<Database, 'searchPath'>): string {
  return database.searchPath ? `${database.searchPath}_jobs` : 'pgboss';
}

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
    schema: jobSchemaOf(database),
    // maintenance (expiry, archiving) every few minutes is plenty for our volumes
    maintenanceIntervalSeconds: 300,
    // the one schedule is the hourly purge: moving its due job onto the queue every 30 s (not
    // pg-boss's 5 s) is soon enough, and saves a look a replica every few seconds
    cronWorkerIntervalSeconds: 30,
  });
  boss.on('error', (err: Error) => log.warn({ err: err.message }, 'job engine error'));
  await retryStartupRace(() => boss.start(), log);
  return boss;
}

/** Errors of replicas creating the same tables or queues at the same moment. */
const STARTUP_RACE_CODES = new Set(['23505', '42P06', '42P07', '40P01']);

/**
 * Replicas starting together race to create the job tables and queues (a duplicate, or a
 * deadlock PostgreSQL resolves by failing one side): the loser waits a moment and tries again.
 */
export async function retryStartupRace<T>(step: () => Promise<T>, log: FastifyBaseLogger) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (attempt >= 6 || !STARTUP_RACE_CODES.has(code)) throw err;
      log.info({ attempt, code }, 'another replica was setting up the job engine; retrying');
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt + Math.random() * 150));
    }
  }
}

/** Queue depth per queue, for /metrics and /api/health. */
export async function queueDepths(boss: JobEngine, names: string[]) {
  const depths: Record<string, number> = {};
  for (const name of names) depths[name] = await boss.getQueueSize(name);
  return depths;
}

/** The job engine as the app holds it (`app.jobs`, plugins/job-engine.ts). */
export interface Jobs {
  /** pg-boss; null when the app runs without one (most tests), and then no job ever runs */
  engine: JobEngine | null;
  /**
   * Sets up one queue's job (its queue, schedules and worker, in `setup`), again while another
   * replica is setting up the same (retryStartupRace), and counts the queue in job_queue_depth.
   * Null without an engine.
   */
  register<T>(queue: string, setup: (engine: JobEngine) => Promise<T>): Promise<T | null>;
}
