import type { FastifyInstance } from 'fastify';
import { parseLatency, type LatencyRegistry } from '../runtime/latency';

/** Holds a matching call back before anything else answers it (faults too); never control paths. */
export function registerLatencyHook(app: FastifyInstance, latency: LatencyRegistry): void {
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/__emulator')) return;
    const ms = latency.take(request.method, path);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** GET / POST / DELETE /__emulator/latency */
export function registerLatencyControl(app: FastifyInstance, latency: LatencyRegistry): void {
  app.get('/__emulator/latency', async () => ({ rules: latency.list() }));
  app.post('/__emulator/latency', async (request, reply) => {
    const parsed = parseLatency(request.body);
    if (!parsed.ok)
      return reply.code(400).send({ error: 'invalid_latency', message: parsed.message });
    latency.add(parsed.value);
    return { ok: true, rules: latency.list() };
  });
  app.delete('/__emulator/latency', async () => {
    latency.clear();
    return { ok: true };
  });
}
