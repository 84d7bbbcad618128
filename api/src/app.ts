import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Settings } from './config';
import type { AppContext } from './context';
import { startChangeFeed } from './db/change-feed';
import { createDatabase, type Database } from './db/client';
import { auditRoutes } from './features/audit/routes';
import { authRoutes } from './features/auth/routes';
import { bindsRoutes } from './features/binds/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { interactionRoutes } from './features/interactions/routes';
import { registerSlashCommands } from './features/interactions/register';
import { healthRoutes } from './features/health/routes';
import { publicRoutes } from './features/public/routes';
import { robloxRoutes } from './features/roblox/routes';
import { serverRoutes } from './features/servers/routes';
import { verificationRoutes } from './features/verification/routes';
import type { Integrations } from './integrations/types';
import { ErrorEnvelope } from './lib/schemas';
import { registerAuthenticate } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { registerJsonParser } from './plugins/json-parser';
import { requestLogging } from './plugins/logging';
import { registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { queueDepths, retryStartupRace, startJobEngine } from './jobs/engine';
import { PURGE_QUEUE, registerPurgeJob } from './jobs/purge-job';
import { MEMBER_UPDATE_QUEUE, registerMemberUpdateJob } from './jobs/member-update-job';
import { memberUpdateRoutes } from './features/member-updates/routes';
import { setQueueDepthSource, trackRedisLink } from './lib/metrics';
import { fallbackStore } from './lib/rate-limit-store';
import { RedisLink } from './lib/redis';
import { openapiOptions } from './plugins/openapi';

export interface BuildAppOptions {
  settings: Settings;
  integrations: Integrations;
  /** an open database; when absent one is opened from the settings and closed with the app */
  database?: Database;
  /** false silences logs (tests) */
  logger?: boolean;
  /** false runs no job engine (most tests); the purge and other background work then never run */
  jobs?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { settings, integrations } = options;
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : requestLogging(settings.logLevel)),
    trustProxy: settings.trustProxy,
    bodyLimit: 64 * 1024,
  })
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  const database =
    options.database ??
    (await createDatabase({
      databaseUrl: settings.databaseUrl,
      pgliteDir: `${settings.dataDir}/pglite`,
      searchPath: settings.databaseSchema,
      pool: settings.databasePool,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const redis = settings.redisUrl ? new RedisLink(settings.redisUrl, app.log) : undefined;
  if (redis) {
    const untrack = trackRedisLink(() => redis.up);
    app.addHook('onClose', async () => {
      untrack();
      await redis.close();
    });
  }
  const jobs = options.jobs === false ? undefined : await startJobEngine(database, app.log);
  if (jobs) {
    app.addHook('onClose', async () => {
      setQueueDepthSource(null);
      await jobs.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
    await retryStartupRace(() => registerPurgeJob(jobs, database.db, app.log, settings), app.log);
    setQueueDepthSource(() => queueDepths(jobs, [PURGE_QUEUE, MEMBER_UPDATE_QUEUE]));
  }

  const changes = await startChangeFeed(database, app.log);
  app.addHook('onClose', () => changes.stop());
  app.decorate('changes', changes.feed);

  const ctx: AppContext = { settings, db: database.db, integrations };
  app.decorate('ctx', ctx);
  const memberUpdates = jobs
    ? await retryStartupRace(
        () => registerMemberUpdateJob(jobs, ctx, app.log, database, changes.feed),
        app.log,
      )
    : undefined;
  // before the engine stops: the current slice ends at its next batch and gives its run up
  if (memberUpdates) app.addHook('preClose', async () => memberUpdates.stop());
  registerMetrics(app);

  registerErrorHandler(app);
  registerJsonParser(app);
  registerAuthenticate(app);
  app.addSchema(ErrorEnvelope);

  await app.register(swagger, openapiOptions(settings));
  // helmet's default headers, computed once (see plugins/security-headers.ts)
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(cors, {
    origin: settings.appUrl,
    // only the OAuth start routes need it: they set the HttpOnly cookie that binds a flow to its browser
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Login-Check'],
    exposedHeaders: ['x-token-expired', 'content-disposition'],
    // a browser asks again at most every two hours (Chromium's ceiling) instead of before every call
    maxAge: 7200,
  });
  await app.register(rateLimit, {
    global: false,
    // one count for every replica while Redis answers; this replica's memory while it does not
    // (never off, never a 500), or when there is no Redis (one process)
    ...(redis ? { store: fallbackStore(redis, 'roconnect-rl:') } : {}),
    hook: 'preHandler',
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests: try again in ${context.after}.`), {
        statusCode: 429,
      }),
  });
  // callback hooks on every response: no promise per request
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(authRoutes);
  await app.register(dashboardRoutes);
  await app.register(verificationRoutes);
  await app.register(robloxRoutes);
  await app.register(serverRoutes);
  await app.register(interactionRoutes);
  await app.register(memberUpdateRoutes, { enqueue: memberUpdates?.enqueue });
  await app.register(bindsRoutes);
  await app.register(auditRoutes);
  await app.register(healthRoutes);
  await app.register(publicRoutes, {
    health: {
      database: database.ping,
      ...(redis
        ? { redis: async () => (await redis.client.ping().catch(() => '')) === 'PONG' }
        : {}),
      ...(jobs ? { jobs: async () => (await jobs.isInstalled().catch(() => false)) === true } : {}),
    },
  });

  if (settings.registerCommandsOnStart) {
    // a failure here must not keep the API down: the commands from the last run still work
    await registerSlashCommands(settings.integrations).then(
      (names) => app.log.info({ commands: names }, 'registered slash commands'),
      (err: unknown) => app.log.error({ err }, 'could not register slash commands'),
    );
  }

  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  return app;
}
