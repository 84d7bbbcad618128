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
