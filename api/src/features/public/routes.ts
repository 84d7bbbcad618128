import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import { guilds, users } from '../../db/schema';
import { botStatsRoute, healthRoute } from './schemas';

export const publicRoutes: FastifyPluginAsyncTypebox<{ ping?: () => Promise<boolean> }> = async (
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
    const dbOk = opts.ping ? await opts.ping() : true;
    reply.code(dbOk ? 200 : 503);
    return {
      success: true as const,
      data: {
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        database: dbOk ? ('ok' as const) : ('unavailable' as const),
      },
    };
  });
};
