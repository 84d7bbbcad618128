import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, metricsRegistry } from '../lib/metrics';

/** A duration sample for every answered request. The scrape itself is on the metrics server. */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // the route pattern, never the raw URL: ids would make one series per server
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * GET /metrics in Prometheus text format, on a server of its own (METRICS_PORT, METRICS_HOST): not
 * on the API's public port, so neither the internet nor the shell's `/_api` reaches it (N6).
 */
export function createMetricsServer(): http.Server {
  return http.createServer((req, res) => {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    metricsRegistry.metrics().then(
      (body) => {
        res.writeHead(200, {
          'content-type': metricsRegistry.contentType,
          'cache-control': 'no-store',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Failed'),
    );
  });
}

export interface RunningMetricsServer {
  /** where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics */
  url: string;
  close(): Promise<void>;
}

/** Starts the metrics server; rejects with a message naming METRICS_PORT when it cannot listen. */
export function startMetricsServer(options: {
  port: number;
  host: string;
}): Promise<RunningMetricsServer> {
  const server = createMetricsServer();
  return new Promise((resolve, reject) => {
    server.once('error', (err: Error) =>
      reject(
        new Error(
          `Cannot serve /metrics on ${options.host}:${options.port} (METRICS_PORT, METRICS_HOST): ${err.message}`,
        ),
      ),
    );
    server.listen(options.port, options.host, () => {
      const { address, family, port } = server.address() as AddressInfo;
      const host = family === 'IPv6' ? `[${address}]` : address;
      resolve({
        url: `http://${host}:${port}/metrics`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
