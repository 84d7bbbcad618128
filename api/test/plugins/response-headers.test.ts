/**
 * The headers every answer carries, to the value: helmet's set for an API (API_HELMET_OPTIONS),
 * computed once at start instead of per request, so any change in what is sent fails here.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_HELMET_OPTIONS, registerSecurityHeaders } from '../../src/plugins/security-headers';
import { APP_URL, NOT_JSON_BODY } from '../support/app';
import { loginAs, type Session } from '../support/fake-login';
import { useFakeApp } from '../support/harness';
import { OLIVIA } from '../support/world';

/**
 * An API's set (OWASP REST Security Cheat Sheet): an answer may not be loaded, framed or sniffed
 * by any page, and goes over HTTPS only, with no referrer
 */
const SECURITY = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** the origin is one fixed address, so these go on every answer, preflight or not */
const CORS = {
  'access-control-allow-origin': APP_URL,
  'access-control-allow-credentials': 'true',
  'access-control-expose-headers': 'x-token-expired, content-disposition',
};
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const NO_STORE = { 'cache-control': 'no-store' };
const ROUTE = '/api/v1/dashboard/user/servers';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

/** inject's headers without the date, which changes every second */
function headersOf(res: { headers: Record<string, unknown> }) {
  const { date, ...rest } = res.headers;
  expect(date).toEqual(expect.any(String));
  return rest;
}

const lengthOf = (res: { body: string }) => ({
  'content-length': String(Buffer.byteLength(res.body)),
});

/** every header of a JSON answer with this body, but the date */
const jsonAnswer = (res: { body: string }) => ({
  ...SECURITY,
  ...CORS,
  ...JSON_TYPE,
  ...NO_STORE,
  ...lengthOf(res),
  connection: 'keep-alive',
});

describe('the benchmark route (GET /api/v1/dashboard/user/servers)', () => {
  it('answers exactly these headers, with or without an Origin', async () => {
    for (const origin of [{}, { origin: APP_URL }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: ROUTE,
        headers: { ...olivia.headers, ...origin },
      });
      expect(res.statusCode).toBe(200);
      expect(headersOf(res)).toEqual(jsonAnswer(res));
    }
  });

  it('over a real connection: each header once, the same values', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // keep-alive as autocannon does; its own agent, so no socket outlives the test
    const agent = new Agent({ keepAlive: true });
    const { rawHeaders, body } = await new Promise<{ rawHeaders: string[]; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: ROUTE, headers: olivia.headers, agent },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ rawHeaders: res.rawHeaders, body: text }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    ).finally(() => agent.destroy());
    const names = rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const sent = Object.fromEntries(names.map((n, i) => [n, rawHeaders[2 * i + 1]]));
    expect(sent).toEqual({
      ...jsonAnswer({ body }),
      date: expect.any(String),
      'keep-alive': 'timeout=72',
    });
  });
});

describe('every other kind of answer carries the same security headers', () => {
  it('401 from the authentication hook', async () => {
    const res = await t.app.inject({ method: 'GET', url: ROUTE });
    expect(res.statusCode).toBe(401);
    expect(headersOf(res)).toEqual(jsonAnswer(res));
  });

  it('404 for an unknown address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(headersOf(res)).toEqual(jsonAnswer(res));
  });

  it('400 from the error handler (a body that is not JSON)', async () => {
    const res = await t.app.inject(NOT_JSON_BODY);
    expect(res.statusCode).toBe(400);
    expect(headersOf(res)).toEqual(jsonAnswer(res));
  });

  it('a CORS preflight, answered before any route runs', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: ROUTE,
      headers: {
        origin: APP_URL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(headersOf(res)).toEqual({
      ...SECURITY,
      ...CORS,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, X-Login-Check',
      'access-control-max-age': '7200',
      'content-length': '0',
      ...NO_STORE,
      connection: 'keep-alive',
    });
  });

  it('a rate-limited write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/user/sync-servers',
      headers: { ...olivia.headers, origin: APP_URL },
    });
    expect(res.statusCode).toBe(200);
    expect(headersOf(res)).toEqual({
      ...jsonAnswer(res),
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': '999',
      'x-ratelimit-reset': expect.stringMatching(/^\d+$/),
    });
  });
});

describe('registerSecurityHeaders', () => {
  async function answers(register: (app: FastifyInstance) => Promise<unknown>) {
    const app = Fastify({ logger: false });
    await register(app);
    app.get('/plain', async () => ({ ok: true }));
    // a route may still choose its own value, as it could with @fastify/helmet
    app.get('/framed', async (_request, reply) => {
      reply.header('x-frame-options', 'SAMEORIGIN');
      return { ok: true };
    });
    const plain = await app.inject({ method: 'GET', url: '/plain' });
    const framed = await app.inject({ method: 'GET', url: '/framed' });
    await app.close();
    return [headersOf(plain), headersOf(framed)];
  }

  it('sends what @fastify/helmet sends with the API options, and lets a route override one', async () => {
    const ours = await answers((app) => registerSecurityHeaders(app));
    const theirs = await answers(async (app) =>
      app.register(helmet, { ...API_HELMET_OPTIONS, global: true }),
    );
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject(SECURITY);
    expect(ours[1]!['x-frame-options']).toBe('SAMEORIGIN');
  });
});
