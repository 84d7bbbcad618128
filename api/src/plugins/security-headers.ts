import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * helmet's settings for an API that answers JSON, never a page (OWASP REST Security Cheat Sheet,
 * "Security Headers"): nothing may load or frame an answer, and nothing sniffs it. Framing and
 * content policy are stricter than helmet's page defaults; the headers that only steer how a
 * browser treats a page (opener policy, agent cluster, DNS prefetch, IE's download and XSS
 * switches, Flash's cross-domain policies) are left off: they did nothing on a JSON answer and
 * were half of every answer's headers (docs/performance.md › The API's request path).
 */
export const API_HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  xFrameOptions: { action: 'deny' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers @fastify/helmet sends with API_HELMET_OPTIONS, read once from a throw-away instance.
 * Registered on the app, @fastify/helmet builds helmet's whole middleware (options parsed, a
 * closure per header) on every request, two hooks one of them async: ≈ 15 µs a request, for values
 * that with these options (no CSP nonces, no per-route options) never change.
 */
export function apiSecurityHeaders(): Promise<Readonly<Record<string, string>>> {
  // the same for every app a process builds (tests build hundreds): read them once
  headersOnce ??= readHelmetHeaders().catch((error: unknown) => {
    headersOnce = null;
    throw error;
  });
  return headersOnce;
}

let headersOnce: Promise<Readonly<Record<string, string>>> | null = null;

async function readHelmetHeaders(): Promise<Readonly<Record<string, string>>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, { ...API_HELMET_OPTIONS, global: true });
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
  const headers = await apiSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
