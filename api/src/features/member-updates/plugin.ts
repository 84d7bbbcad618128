import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MEMBER_UPDATE_QUEUE, registerMemberUpdateJob } from './jobs/member-update-job';
import { memberUpdateRoutes } from './routes';
import { namedPlugin } from '../../lib/named-plugin';

/** Updating every member of a server: the job on the engine, and the routes that queue its runs. */
export const memberUpdates: FastifyPluginAsyncTypebox = async (app) => {
  const worker = await app.jobs.register(MEMBER_UPDATE_QUEUE, (engine) =>
    registerMemberUpdateJob(engine, app.ctx, app.log, app.database, app.changes),
  );
  // before the engine stops: the current slice ends at its next batch and gives its run up
  if (worker) app.addHook('preClose', async () => worker.stop());
  await app.register(namedPlugin(memberUpdateRoutes), { enqueue: worker?.enqueue });
};
