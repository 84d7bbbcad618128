import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { announceRunEnd, cancelRun, createRun, findRun, latestRun, toJobDto } from './store';
import { conflict, notFound } from '../../lib/errors';
import { perUserLimit } from '../../lib/rate-limit';
import { requireLiveManager } from '../../domain/guilds/access';
import { getConfig } from '../../domain/config/config-store';
import { MEMBER_UPDATE_ROUTES } from '@roconnect/shared-lib/contract';
import {
  cancelRoute,
  jobRoute,
  latestRoute,
  startRoute,
} from '@roconnect/shared-lib/contract/schemas';

export interface MemberUpdateRouteOptions {
  /** queues the run on the job engine; absent when the app runs without one (most tests) */
  enqueue?: (runId: string) => Promise<void>;
}

const noSuchJob = () =>
  notFound('There is no member update with this id in this server.', 'member_update_not_found');

/**
 * POST/GET /api/v1/server/{id}/members/update, GET/DELETE …/{job_id}: managers only, with rights
 * re-read within a minute for reads too (a run's counts are the server's member data).
 */
export const memberUpdateRoutes: FastifyPluginAsyncTypebox<MemberUpdateRouteOptions> = async (
  app,
  options,
) => {
  const { ctx } = app;
  const { start, latest, job, cancel } = MEMBER_UPDATE_ROUTES;

  app.post(
    start.path,
    { schema: startRoute, onRequest: app.authenticate, config: perUserLimit(ctx.settings) },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { guild } = await requireLiveManager(ctx, userId, request.params.id);
      if (!guild.botPresent)
        throw conflict('The RoConnect bot is not in this server.', 'bot_not_in_server');
      if (!(await getConfig(ctx.db, guild.id))?.setupCompleted)
        throw conflict('The bot setup of this server is not complete yet.', 'setup_incomplete');
      // pressing the button twice follows the run that is already going
      const { run, created } = await createRun(ctx.db, guild.id, userId);
      if (created) await options.enqueue?.(run.id);
      request.log.info({ guildId: guild.id, runId: run.id, created }, 'member update requested');
      return reply.code(202).send({ success: true as const, data: { job_id: run.id } });
    },
  );

  app.get(latest.path, { schema: latestRoute, onRequest: app.authenticate }, async (request) => {
    const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
    const run = await latestRun(ctx.db, guild.id);
    return { success: true as const, data: run ? toJobDto(run) : null };
  });

  app.get(job.path, { schema: jobRoute, onRequest: app.authenticate }, async (request) => {
    const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
    const run = await findRun(ctx.db, guild.id, request.params.jobId);
    if (!run) throw noSuchJob();
    return { success: true as const, data: toJobDto(run) };
  });

  app.delete(cancel.path, { schema: cancelRoute, onRequest: app.authenticate }, async (request) => {
    const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
    if (!(await findRun(ctx.db, guild.id, request.params.jobId))) throw noSuchJob();
    announceRunEnd(ctx.db, await cancelRun(ctx.db, request.params.jobId));
    return {
      success: true as const,
      data: toJobDto((await findRun(ctx.db, guild.id, request.params.jobId))!),
    };
  });
};
