import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { count, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { guilds, users } from '../../db/schema';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { PUBLIC_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** How long one count of users and servers answers /api/bot-stats at most (a constant, not a setting). */
export const BOT_STATS_MAX_AGE_MS = 60_000;
const BOT_STATS_KEY = 'bot-stats';

interface BotStats {
  total_users: number;
  total_servers: number;
}

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

  // Anyone may ask, as often as they like, and each answer counts two tables: the counts are kept
  // for BOT_STATS_MAX_AGE_MS, requests at once share one count, and a change announced to users'
  // servers or to the servers (a sign-in, the bot added or removed) is counted again at once.
  const stats = new ChangeAwareCache<BotStats>(app.changes, {
    maxEntries: 1,
    maxAgeMs: BOT_STATS_MAX_AGE_MS,
  });
  const unsubscribe = app.changes.subscribe((kind) => {
    if (kind === 'user' || kind === 'guild' || kind === 'all') stats.forget(BOT_STATS_KEY);
  });
  app.addHook('onClose', async () => unsubscribe());
  const countStats = async (): Promise<BotStats> => {
    const [u] = await ctx.db.select({ n: count() }).from(users);
    const [g] = await ctx.db.select({ n: count() }).from(guilds).where(eq(guilds.botPresent, true));
    return { total_users: Number(u?.n ?? 0), total_servers: Number(g?.n ?? 0) };
  };
  serve(app, PUBLIC_ENDPOINTS.botStats, {}, async () =>
    ok(await stats.get(BOT_STATS_KEY, countStats)),
  );

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
    return ok({
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
    });
  };
  serve(app, PUBLIC_ENDPOINTS.health, {}, readiness);
  serve(app, PUBLIC_ENDPOINTS.readiness, {}, readiness);
  // Liveness: the process serves. Restarting a replica because its database is away would not help.
  serve(app, PUBLIC_ENDPOINTS.liveness, {}, async () => ok({ status: 'ok' as const }));
};
