import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import {
  allowRemovals,
  announceRunEnd,
  cancelRun,
  createRun,
  findRun,
  latestRun,
  toJobDto,
} from './store';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { perUserLimit } from '../../lib/rate-limit';
import { requireManagingCaller, requireUpdater } from '../../domain/guilds/access';
import { getConfig } from '../../domain/config/config-store';
import { getUser } from '../../domain/accounts/users';
import { recordSettingChange } from '../../domain/audit/record';
import { MEMBER_UPDATE_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

export interface MemberUpdateRouteOptions {
  /** queues the run on the job engine; absent when the app runs without one (most tests) */
  enqueue?: (runId: string) => Promise<void>;
}

const noSuchJob = () =>
  notFound('There is no member update with this id in this server.', 'member_update_not_found');

const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;

/**
 * POST/GET /api/v1/server/{id}/members/update, GET/DELETE …/{job_id}: managers only, with rights
 * re-read within a minute for reads too (a run's counts are the server's member data).
 * POST …/{job_id}/confirm-removals: the server's owner only, read live from Discord.
 */
export const memberUpdateRoutes: FastifyPluginAsyncTypebox<MemberUpdateRouteOptions> = async (
  app,
  options,
) => {
  const { ctx } = app;
  const { start, latest, job, cancel, confirmRemovals } = MEMBER_UPDATE_ENDPOINTS;
  const authed = { onRequest: app.authenticate };
  const limited = { ...authed, config: perUserLimit(ctx.settings) };

  serve(
    app,
    start,
    {
      ...limited,
      // no body at all is everyone, as before update by role (docs/product.md › Staff)
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      // managers, and members holding an updater role (docs/product.md › Staff)
      const { guild } = await requireUpdater(ctx, userId, request.params.id);
      if (!guild.botPresent)
        throw conflict('The RoConnect bot is not in this server.', 'bot_not_in_server');
      if (!(await getConfig(ctx.db, guild.id))?.setupCompleted)
        throw conflict('The bot setup of this server is not complete yet.', 'setup_incomplete');
      // update by role: a role of this server, read live (absent or null: everyone)
      const roleId = request.body.role_id ?? null;
      if (roleId !== null) {
        const roles = await ctx.integrations.discordBot.listRoles(guild.id);
        if (roleId === guild.id || !roles.some((r) => r.id === roleId))
          throw badRequest(
            `body.role_id: the role ${roleId} does not exist in this server.`,
            'role_not_found',
          );
      }
      // pressing the button twice follows the run that is already going
      const { run, created } = await createRun(ctx.db, guild.id, userId, roleId);
      if (created) await options.enqueue?.(run.id);
      request.log.info({ guildId: guild.id, runId: run.id, created }, 'member update requested');
      return reply.code(202).send(ok({ job_id: run.id }));
    },
  );

  serve(app, latest, authed, async (request) => {
    const { guild, membership } = await requireManagingCaller(ctx, request);
    const run = await latestRun(ctx.db, guild.id);
    return ok(run ? toJobDto(run, membership.owner) : null);
  });

  serve(app, job, authed, async (request) => {
    // an updater follows the run they started
    const { guild, membership } = await requireUpdater(
      ctx,
      authOf(request).userId,
      request.params.id,
    );
    const run = await findRun(ctx.db, guild.id, request.params.jobId);
    if (!run) throw noSuchJob();
    return ok(toJobDto(run, membership.owner));
  });

  serve(app, cancel, authed, async (request) => {
    const { guild, membership } = await requireManagingCaller(ctx, request);
    if (!(await findRun(ctx.db, guild.id, request.params.jobId))) throw noSuchJob();
    announceRunEnd(ctx.db, await cancelRun(ctx.db, request.params.jobId));
    return ok(toJobDto((await findRun(ctx.db, guild.id, request.params.jobId))!, membership.owner));
  });

  // A run past its share of kicks and bans waits for the one person Discord lets remove anyone:
  // the owner, asked of Discord now, not the guild list (docs/security.md, "kick and ban through
  // the bot"). A manager, even with Administrator, is refused.
  serve(app, confirmRemovals, limited, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const run = await findRun(ctx.db, guild.id, request.params.jobId);
    if (!run) throw noSuchJob();
    const caller = await getUser(ctx.db, userId);
    if (!caller) throw unauthorized();
    const live = await ctx.integrations.discordBot.getGuild(guild.id);
    if (!live) throw conflict('The RoConnect bot is not in this server.', 'bot_not_in_server');
    if (live.owner_id !== caller.discordId)
      throw forbidden(
        `Only the server owner can allow this update to remove ${members(run.removalsWaiting)}. ` +
          'Ask the owner to open this page, or cancel the update.',
        'owner_only',
      );
    const allowed = await allowRemovals(ctx.db, run.id);
    if (!allowed)
      throw conflict(
        'This update is not waiting for anyone to allow removals.',
        'no_removals_waiting',
      );
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'restrictions',
      before: `Update of all members ${run.id}: ${members(allowed.allowed)} waiting to be kicked or banned`,
      after: `Update of all members ${run.id}: the owner allowed ${members(allowed.allowed)} to be kicked or banned`,
    });
    await options.enqueue?.(run.id);
    request.log.warn(
      { guildId: guild.id, runId: run.id, allowed: allowed.allowed },
      'the owner allowed a member update to kick or ban more members',
    );
    return ok(toJobDto(allowed.run, true));
  });
};
