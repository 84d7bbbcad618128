import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEMBER_EVENT_QUEUE } from './events';
import { registerMemberEventJobs } from './jobs';
import { registerResyncJob, RESYNC_QUEUE } from './resync';

/**
 * What happens without anyone pressing a button: the joins and leaves the gateway worker queues
 * (src/gateway), and the scheduled resync of servers that ask for one. Jobs only, no routes.
 */
export const memberEvents: FastifyPluginAsyncTypebox = async (app) => {
  const worker = await app.jobs.register(MEMBER_EVENT_QUEUE, (engine) =>
    registerMemberEventJobs(engine, app.ctx, app.log, app.changes),
  );
  if (worker) app.addHook('preClose', async () => worker.stop());
  await app.jobs.register(RESYNC_QUEUE, (engine) =>
    registerResyncJob(engine, app.ctx.db, app.ctx.settings.resync, app.log),
  );
};
