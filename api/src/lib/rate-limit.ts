import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { addressKey } from './client-address';
import { ApiError } from './errors';

/** The settings these limits read; config.ts' Settings has them (lib sits below config). */
export interface RateLimitSettings {
  rateLimitMax: number;
  authRateLimitMax: number;
  authGlobalRateLimitMax: number;
}

/** Per-user limit for routes that fan out into several Discord calls. */
export function perUserLimit(settings: RateLimitSettings) {
  return {
    rateLimit: {
      max: settings.rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => req.auth?.userId ?? addressKey(req.ip),
    },
  };
}

/**
 * Per-address limit for the unauthenticated routes that write a row (an OAuth state, a session):
 * without it a loop could fill the database. Behind a proxy, set TRUST_PROXY so `req.ip` is the
 * client's. IPv6 clients count by their /64 (see client-address.ts). Counted at onRequest, before
 * signInCeiling's preHandler, so what one address sends past its own limit costs nobody else.
 */
export function perAddressLimit(settings: RateLimitSettings) {
  return {
    max: settings.authRateLimitMax,
    timeWindow: '1 minute',
    hook: 'onRequest' as const,
    keyGenerator: (req: FastifyRequest) => addressKey(req.ip),
  };
}

/**
 * The site-wide ceiling on sign-in starts (AUTH_GLOBAL_RATE_LIMIT_MAX a minute, every address
 * together): many addresses, or an IPv6 range, cannot each stay under the per-address limit and
 * still write states without end. A preHandler: the per-address limit has answered by then.
 * Counted by the rate limiter's store, so in Redis (shared by the replicas) when it answers.
 */
export function signInCeiling(
  app: FastifyInstance,
  settings: RateLimitSettings,
): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit({
    max: settings.authGlobalRateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: () => 'sign-in-starts',
  });
  return async (request) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new ApiError(
        429,
        'rate_limited',
        `Too many sign-ins are starting on this site right now: try again in ${seconds} s.`,
        { 'retry-after': String(seconds) },
      );
    }
  };
}
