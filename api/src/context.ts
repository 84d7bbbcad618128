import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Database, Db } from './db/client';
import type { Integrations } from './integrations/types';
import type { Jobs } from './lib/job-engine';
import type { RedisLink } from './lib/redis';

/** What every feature needs: settings, the database and the outside world. */
export interface AppContext {
  settings: Settings;
  db: Db;
  integrations: Integrations;
  /** where the domain reports what it does not throw (the app's logger; absent in some tests) */
  log?: FastifyBaseLogger;
}

export interface AuthInfo {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the database, migrated (plugins/database.ts) */
    database: Database;
    ctx: AppContext;
    /** the link to Redis; null when REDIS_URL is unset (plugins/redis.ts) */
    redis: RedisLink | null;
    /** the job engine, where features set up their jobs (plugins/job-engine.ts) */
    jobs: Jobs;
    /** what changed in the database, for the in-memory caches (db/change-feed.ts) */
    changes: ChangeFeed;
    /** onRequest hook: requires a valid access token naming a live session */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

/** The signed-in caller; only call after `authenticate` ran. */
export function authOf(request: { auth: AuthInfo | null }): AuthInfo {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}
