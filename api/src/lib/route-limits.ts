import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { ApiError } from './errors';

const MINUTE_MS = 60_000;

/** The settings these limits read; config.ts' Settings has them (lib sits below config). */
export interface ConsoleLimitSettings {
  consoleUserRateLimitMax: number;
  consoleServerRateLimitMax: number;
}

export interface ConsoleLimits {
  /**
   * The route's options: the caller is signed in (`app.authenticate`, plugins/authenticate.ts),
   * then counted per user by @fastify/rate-limit (its `config`), before the handler.
   */
  options: {
    onRequest: FastifyInstance['authenticate'];
    config: {
      rateLimit: { max: number; timeWindow: number; keyGenerator: (r: FastifyRequest) => string };
    };
  };
  /**
   * The per-server count (every manager of the server together), taken in the handler once the
   * caller is known to manage the server (`:id`): a stranger's calls must not use up a server's
   * budget.
   * Throws 429 with Retry-After when the server is over it.
   */
  server(request: FastifyRequest): Promise<void>;
}

/** A count made with `app.createRateLimit`, taken in a route's hook or handler. */
export type RequestCount = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Counts the request with `count`; over the limit, throws 429 with Retry-After and the message
 * made for the seconds left.
 */
export async function countOrRefuse(
  count: RequestCount,
  request: FastifyRequest,
  message: (seconds: number) => string,
): Promise<void> {
  const result = await count(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  throw new ApiError(429, 'rate_limited', message(seconds), { 'retry-after': String(seconds) });
}

/**
 * Two limits on one console route that calls Discord or Roblox (or exports the audit log): per
 * user and per server. @fastify/rate-limit runs one limit per route (a second `rateLimit` hook on
 * a request is skipped), so the per-server one is counted with `createRateLimit`, which shares the
 * plugin's store (Redis when configured, so all replicas count together). `name` keeps each route's
 * server count apart.
 */
export function consoleLimits(
  app: FastifyInstance,
  settings: ConsoleLimitSettings,
  name: string,
): ConsoleLimits {
  const perServer = app.createRateLimit({
    max: settings.consoleServerRateLimitMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `server-${name}-${(req.params as { id: string }).id}`,
  });
  return {
    options: {
      onRequest: app.authenticate,
      config: {
        rateLimit: {
          max: settings.consoleUserRateLimitMax,
          timeWindow: MINUTE_MS,
          keyGenerator: (req) => req.auth?.userId ?? req.ip,
        },
      },
    },
    server: (request) =>
      countOrRefuse(
        perServer,
        request,
        (seconds) =>
          `Too many requests for this server: try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      ),
  };
}
