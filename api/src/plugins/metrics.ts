import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, metricsRegistry } from '../lib/metrics';

/** GET /metrics in Prometheus text format, and a duration sample for every answered request. */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // the route pattern, never the raw URL: ids would make one series per server
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics')
      httpRequestDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}
