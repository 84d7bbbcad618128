import fp from 'fastify-plugin';
import { PURGE_QUEUE, registerPurgeJob } from '../domain/maintenance/purge-job';

/** The purge of expired rows and rows past their retention, as a job (domain/maintenance). */
export const maintenancePlugin = fp(
  async (app) => {
    await app.jobs.register(PURGE_QUEUE, (engine) => registerPurgeJob(engine, app.ctx, app.log));
  },
  { name: 'maintenance', dependencies: ['context', 'job-engine'] },
);
