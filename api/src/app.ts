import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  type FastifyPluginAsyncTypebox,
  type TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Settings } from './config';
import type { Database } from './db/client';
import { registerRoleConnectionMetadata } from './domain/role-connections/metadata';
import { auditRoutes } from './features/audit/routes';
import { apiKeyRoutes } from './features/api-keys/routes';
import { authRoutes } from './features/auth/routes';
import { bindsRoutes } from './features/binds/routes';
import { configBackupRoutes } from './features/config-backup/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { discordSettings } from './features/discord-settings/plugin';
import { interactionRoutes } from './features/interactions/routes';
import { linkedRolesRoutes } from './features/linked-roles/routes';
import { registerSlashCommands } from './features/interactions/register';
import { healthRoutes } from './features/health/routes';
import { memberEvents } from './features/member-events/plugin';
import { memberUpdates } from './features/member-updates/plugin';
import { privacyRoutes } from './features/privacy/routes';
import { publicRoutes } from './features/public/routes';
import { publicOpenapiOptions } from './features/public-api/openapi';
import { publicApiRoutes } from './features/public-api/routes';
import { robloxRoutes } from './features/roblox/routes';
import { serverRoutes } from './features/servers/routes';
import { staffRolesRoutes } from './features/staff-roles/routes';
import { messagesRoutes } from './features/messages/routes';
import { verificationRoutes } from './features/verification/routes';
import { webhooks } from './features/webhooks/plugin';
import type { Integrations } from './integrations/types';
import { PUBLIC_API_ROUTES, PUBLIC_ROUTES } from '@roconnect/shared-lib/contract';
import { ErrorEnvelope } from '@roconnect/shared-lib/contract/schemas';
import { fallbackStore } from './lib/rate-limit-store';
import { registerAuthenticate } from './plugins/authenticate';
import { cachedSerializerFactory, cachedValidatorCompiler } from './plugins/schema-compilers';
import { changeFeedPlugin } from './plugins/change-feed';
import { contextPlugin } from './plugins/context';
import { databasePlugin } from './plugins/database';
import { registerErrorHandler } from './plugins/error-handler';
import { jobEnginePlugin } from './plugins/job-engine';
import { registerJsonParser } from './plugins/json-parser';
import { requestLogging } from './plugins/logging';
import { maintenancePlugin } from './plugins/maintenance';
import { registerMetrics } from './plugins/metrics';
import { openapiOptions } from './plugins/openapi';
import { redisPlugin } from './plugins/redis';
import { registerSecurityHeaders } from './plugins/security-headers';
import { readGatewayHealth } from './gateway/gateway-state';

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
    pluginTimeout: settings.startTimeoutMs,
    // each schema compiled once, not once per route and per app (plugins/schema-compilers.ts)
    schemaController: { compilersFactory: { buildSerializer: cachedSerializerFactory } },
  })
    .setValidatorCompiler(cachedValidatorCompiler)
    .withTypeProvider<TypeBoxTypeProvider>();

  // In this order, each closing itself when the app closes, the last first: the database, migrated
  // before the job engine starts in it; the jobs set up once their engine runs.
  await app.register(databasePlugin, { settings, database: options.database });
  await app.register(contextPlugin, { settings, integrations });
  await app.register(redisPlugin);
  await app.register(jobEnginePlugin, { enabled: options.jobs !== false });
  await app.register(maintenancePlugin);
  await app.register(changeFeedPlugin);
  const { redis } = app;
  const { engine } = app.jobs;
  registerMetrics(app);

  registerErrorHandler(app);
  registerJsonParser(app);
  registerAuthenticate(app);
  app.addSchema(ErrorEnvelope);

  await app.register(swagger, openapiOptions(settings));
  await app.register(swagger, publicOpenapiOptions(settings));
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

  await app.register(feature('auth', ['context'], authRoutes));
  await app.register(feature('dashboard', ['context', 'change-feed'], dashboardRoutes));
  await app.register(feature('verification', ['context'], verificationRoutes));
  await app.register(feature('roblox', ['context'], robloxRoutes));
  await app.register(feature('servers', ['context'], serverRoutes));
  await app.register(feature('discord-settings', ['context'], discordSettings));
  await app.register(feature('interactions', ['context'], interactionRoutes));
  await app.register(
    feature('member-updates', ['context', 'job-engine', 'change-feed'], memberUpdates),
  );
  await app.register(
    feature('member-events', ['context', 'job-engine', 'change-feed'], memberEvents),
  );
  await app.register(feature('binds', ['context'], bindsRoutes));
  await app.register(feature('staff-roles', ['context'], staffRolesRoutes));
  await app.register(feature('messages', ['context'], messagesRoutes));
  await app.register(feature('config-backup', ['context'], configBackupRoutes));
  await app.register(feature('audit', ['context'], auditRoutes));
  await app.register(feature('health', ['context'], healthRoutes));
  await app.register(feature('privacy', ['context'], privacyRoutes));
  await app.register(feature('linked-roles', ['context'], linkedRolesRoutes));
  await app.register(feature('api-keys', ['context'], apiKeyRoutes));
  await app.register(feature('public-api', ['context'], publicApiRoutes));
  await app.register(feature('webhooks', ['context', 'job-engine'], webhooks));
  await app.register(feature('public', ['context'], publicRoutes), {
    health: {
      database: app.database.ping,
      ...(redis
        ? { redis: async () => (await redis.client.ping().catch(() => '')) === 'PONG' }
        : {}),
      ...(engine
        ? { jobs: async () => (await engine.isInstalled().catch(() => false)) === true }
        : {}),
      // whether the worker runs here (GATEWAY_IN_API) or in its own process, its state is in the database
      gateway: () => readGatewayHealth(app.ctx.db),
    },
  });

  if (settings.registerCommandsOnStart) {
    // a failure here must not keep the API down: the commands from the last run still work
    await registerSlashCommands(settings.integrations).then(
      (names) => app.log.info({ commands: names }, 'registered slash commands'),
      (err: unknown) => app.log.error({ err }, 'could not register slash commands'),
    );
  }

  // Linked Roles: once per application and set of records, by whichever replica starts first
  await registerRoleConnectionMetadata(app.ctx);

  app.get(PUBLIC_ROUTES.openapi.path, { schema: { hide: true } }, async () => app.swagger());
  app.get(PUBLIC_API_ROUTES.openapi.path, { schema: { hide: true } }, async () =>
    app.publicSwagger(),
  );

  return app;
}

/**
 * A feature (api/src/features/<name>) as an encapsulated plugin that names the plugins it uses:
 * Fastify refuses to start when one of them was not registered before it.
 */
function feature<Options extends FastifyPluginOptions>(
  name: string,
  dependencies: string[],
  routes: FastifyPluginAsyncTypebox<Options>,
) {
  return fp<Options>(
    async (app, options) => routes(app.withTypeProvider<TypeBoxTypeProvider>(), options),
    { name: `features/${name}`, dependencies, encapsulate: true },
  );
}
