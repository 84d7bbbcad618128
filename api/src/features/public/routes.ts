import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import { guilds, users } from '../../db/schema';
import { botStatsRoute, healthRoute } from './schemas';

/** What /api/health asks about each dependency: a check, or absent when it is not in use. */
export interface HealthChecks {
  database: () => Promise<boolean>;
  redis?: () => Promise<boolean>;
  jobs?: () => Promise<boolean>;
}

export const publicRoutes: FastifyPluginAsyncTypebox<{ health: HealthChecks }> = async (
  app,
  opts,
) => {
  const { ctx } = app;

  app.get('/api/bot-stats', { schema: botStatsRoute }, async () => {
    const [u] = await ctx.db.select({ n: count() }).from(users);
    const [g] = await ctx.db.select({ n: count() }).from(guilds).where(eq(guilds.botPresent, true));
    return {
      success: true as const,
      data: { total_users: Number(u?.n ?? 0), total_servers: Number(g?.n ?? 0) },
    };
  });

  app.get('/api/health', { schema: healthRoute }, async (_request, reply) => {
    const { database, redis, jobs } = opts.health;
    const [dbOk, redisOk, jobsOk] = await Promise.all([
      database(),
      redis ? redis() : Promise.resolve(null),
      jobs ? jobs() : Promise.resolve(null),
    ]);
    const healthy = dbOk && redisOk !== false && jobsOk !== false;
    reply.code(healthy ? 200 : 503);
    return {
      success: true as const,
      data: {
        status: healthy ? ('ok' as const) : ('degraded' as const),
        database: dbOk ? ('ok' as const) : ('unavailable' as const),
        redis:
          redisOk === null
            ? ('not_configured' as const)
            : redisOk
              ? ('ok' as const)
              : ('unavailable' as const),
        jobs:
          jobsOk === null ? ('off' as const) : jobsOk ? ('ok' as const) : ('unavailable' as const),
      },
    };
  });
};
