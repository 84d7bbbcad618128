import type { FastifyRequest } from 'fastify';
import type { Settings } from '../config';

/** Per-user limit for routes that fan out into several Discord calls. */
export function perUserLimit(settings: Settings) {
  return {
    rateLimit: {
      max: settings.rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => req.auth?.userId ?? req.ip,
    },
  };
}

/**
 * Per-address limit for the unauthenticated routes that write a row (an OAuth state, a session):
 * without it a loop could fill the database. Behind a proxy, set TRUST_PROXY so `req.ip` is the client's.
 */
export function perAddressLimit(settings: Settings) {
  return {
    max: settings.authRateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => req.ip,
  };
}
