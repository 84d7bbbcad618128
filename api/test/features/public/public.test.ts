import Fastify, { type FastifyInstance } from 'fastify';
import { ChangeFeed } from '../../../src/db/change-feed';
import { publicRoutes } from '../../../src/features/public/routes';
import { ErrorEnvelope } from '@roconnect/shared-lib/contract/schemas';
import { useFakeApp } from '../../support/harness';
import { APP_URL, NOT_JSON_BODY, refusal, testSettings } from '../../support/app';
import { loginAs } from '../../support/fake-login';
import { MAX, OLIVIA } from '../../support/world';

const t = useFakeApp();

/** /api/health and /api/health/ready (which answer alike), each as its HTTP status and data. */
const readinessProbes = (app: FastifyInstance) =>
  Promise.all(
    ['/api/health', '/api/health/ready'].map(async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return { http: res.statusCode, data: res.json().data };
    }),
  );

describe('GET /api/bot-stats', () => {
  it('starts at zero and counts real users and servers with the bot', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-stats' })).json()).toEqual({
      success: true,
      data: { total_users: 0, total_servers: 0 },
    });
    await loginAs(t.app, OLIVIA);
    await loginAs(t.app, MAX);
    // Olivia's sync saw three guilds, two with the bot
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-stats' })).json().data).toEqual({
      total_users: 2,
      total_servers: 2,
    });
  });
});

describe('GET /api/health', () => {
  it('reports the database, and Redis and the job engine as not in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: 'ok',
        redis: 'not_configured',
        jobs: 'off',
        gateway: 'off',
      },
    });
  });

  it('names a Redis that does not answer as degraded, and stays ready (200)', async () => {
    const app = await t.restartWith(testSettings({ REDIS_URL: 'redis://127.0.0.1:1' }));
    const degraded = {
      http: 200,
      data: { status: 'degraded', database: 'ok', redis: 'degraded', jobs: 'off', gateway: 'off' },
    };
    expect(await readinessProbes(app)).toEqual([degraded, degraded]);
  });

  it('serves /api/health/ready as /api/health, and /api/health/live asking nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).json(),
    );
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, data: { status: 'ok' } });
  });
});

describe('health probes when the database does not answer', () => {
  // the routes alone, over checks that fail: the database cannot be stopped under the harness
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.addSchema(ErrorEnvelope);
    app.decorate('changes', new ChangeFeed()); // the bot-stats counts listen to it
    await app.register(publicRoutes, {
      health: { database: async () => false, redis: async () => true },
    });
  });
  afterAll(() => app.close());

  it('is not ready (503 unavailable), and still live', async () => {
    const unavailable = {
      http: 503,
      data: {
        status: 'unavailable',
        database: 'unavailable',
        redis: 'ok',
        jobs: 'off',
        gateway: 'unknown',
      },
    };
    expect(await readinessProbes(app)).toEqual([unavailable, unavailable]);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('HTTP hygiene', () => {
  it('answers unknown routes with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'not_found' });
  });

  it('allows CORS only from APP_URL and exposes x-token-expired and content-disposition', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/me',
      headers: { origin: APP_URL, 'access-control-request-method': 'GET' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe(APP_URL);
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: APP_URL },
    });
    // the audit CSV's file name is read by the page, so Content-Disposition is exposed too
    expect(get.headers['access-control-expose-headers']).toBe(
      'x-token-expired, content-disposition',
    );
    const evil = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.test' },
    });
    expect(evil.headers['access-control-allow-origin']).not.toBe('http://evil.test');
  });

  it('sends security headers and no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 400, not 500, for a body that is not JSON on a JSON route', async () => {
    const res = await t.app.inject(NOT_JSON_BODY);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('validation_error', 'body must be an object'));
  });
});
