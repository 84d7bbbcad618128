import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Plausible per-route X-RateLimit-* headers; the emulator never limits on its own (use faults). */
export function addRateLimitHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('X-RateLimit-Limit')) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    reply.header('X-RateLimit-Bucket', createHash('sha1').update(route).digest('hex').slice(0, 16));
    reply.header('X-RateLimit-Limit', '5');
    reply.header('X-RateLimit-Remaining', '4');
    reply.header('X-RateLimit-Reset', (Date.now() / 1000 + 1).toFixed(3));
    reply.header('X-RateLimit-Reset-After', '1.000');
  });
}
