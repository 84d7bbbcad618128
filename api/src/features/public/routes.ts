import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { guilds, users } from '../../db/schema';
import { PUBLIC_ROUTES } from '@roconnect/shared-lib/contract';
import {
  botStatsRoute,
  healthRoute,
  livenessRoute,
  readinessRoute,
} from '@roconnect/shared-lib/contract/schemas';

/** What /api/health asks about each dependency: a check, or absent when it is not in use. */
export interface HealthChecks {
  database: () => Promise<boolean>;
  redis?: () => Promise<boolean>;
  jobs?: () => Promise<boolean>;
  /** the gateway's state shared in the database (src/gateway/gateway-state.ts) */
  gateway?: () => Promise<{ state: string; problem: boolean }>;
}

export const publicRoutes: FastifyPluginAsyncTypebox<{ health: HealthChecks }> = async (
  app,
  opts,
) => {
  const { ctx } = app;

  app.get(PUBLIC_ROUTES.botStats.path, { schema: botStatsRoute }, async () => {
    const [u] = await ctx.db.select({ n: count() }).from(users);
    const [g] = await ctx.db.select({ n: count() }).from(guilds).where(eq(guilds.botPresent, true));
    return {
      success: true as const,
      data: { total_users: Number(u?.n ?? 0), total_servers: Number(g?.n ?? 0) },
    };
  });

  // Readiness: whether a load balancer should send this replica requests. The database (and the
  // job tables in it) must answer; Redis only holds rate-limit counts, so without it the replica
  // counts in memory and is `degraded`, still ready.
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const { database, redis, jobs, gateway } = opts.health;
    const [dbOk, redisOk, jobsOk, gatewayState] = await Promise.all([
      database(),
      redis ? redis() : Promise.resolve(null),
      jobs ? jobs() : Promise.resolve(null),
      // a gateway Discord refuses needs an operator, but this replica still serves requests
      gateway ? gateway().catch(() => null) : Promise.resolve(null),
    ]);
    const ready = dbOk && jobsOk !== false;
    reply.code(ready ? 200 : 503);
    return {
      success: true as const,
      data: {
        status: !ready
          ? ('unavailable' as const)
          : redisOk === false || gatewayState?.problem
            ? ('degraded' as const)
            : ('ok' as const),
        database: dbOk ? ('ok' as const) : ('unavailable' as const),
        redis:
          redisOk === null
            ? ('not_configured' as const)
            : redisOk
              ? ('ok' as const)
              : ('degraded' as const),
        jobs:
          jobsOk === null ? ('off' as const) : jobsOk ? ('ok' as const) : ('unavailable' as const),
        gateway: gatewayState?.state ?? (dbOk ? 'off' : 'unknown'),
      },
    };
  };
  app.get(PUBLIC_ROUTES.health.path, { schema: healthRoute }, readiness);
  app.get(PUBLIC_ROUTES.readiness.path, { schema: readinessRoute }, readiness);
  // Liveness: the process serves. Restarting a replica because its database is away would not help.
  app.get(PUBLIC_ROUTES.liveness.path, { schema: livenessRoute }, async () => ({
    success: true as const,
    data: { status: 'ok' as const },
  }));
};
