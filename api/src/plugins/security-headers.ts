import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The headers @fastify/helmet sends with its defaults, read once from a throw-away instance.
 * Registered on the app, @fastify/helmet builds helmet's whole middleware (options parsed, a
 * closure per header) on every request, two hooks one of them async: ≈ 15 µs a request, for values
 * that with the defaults (no CSP nonces, no per-route options) never change.
 */
export function helmetDefaultHeaders(): Promise<Readonly<Record<string, string>>> {
  // the same for every app a process builds (tests build hundreds): read them once
  defaults ??= readHelmetDefaults().catch((error: unknown) => {
    defaults = null;
    throw error;
  });
  return defaults;
}

let defaults: Promise<Readonly<Record<string, string>>> | null = null;

async function readHelmetDefaults(): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, { global: true });
  const headers: Record<string, string> = {};
  // helmet's hooks come first, so here the raw response holds exactly what helmet set
  probe.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of Object.entries(reply.raw.getHeaders()))
      headers[name] = String(value);
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers['content-security-policy'] || !headers['strict-transport-security'])
    throw new Error(`helmet's headers could not be read: ${JSON.stringify(headers)}`);
  return Object.freeze(headers);
}

/**
 * helmet's headers on every answer, set in an onRequest hook as @fastify/helmet did (so a route
 * that sets one of them itself still wins, and the error, 404 and preflight answers carry them too).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetDefaultHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
