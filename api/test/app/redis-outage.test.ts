/**
 * Redis stopped under two running replicas (docs/security.md › Threats and defences, N11): sign-in, reads and the
 * limits keep working, each replica counting in its own memory; health says Redis is degraded and
 * the replica stays ready; when Redis is back, the replicas share their counts again. Redis is
 * stopped for the replicas by closing a TCP proxy in front of it, never the machine's own Redis.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { metricsRegistry } from '../../src/lib/metrics';
import { createTestApp, testSettings } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/db';
import { createFakeIntegrations } from '../support/fake-integrations';
import { cookieFrom, meStatus } from '../support/fake-login';
import { NO_REDIS, redisTarget, TcpProxy, type RedisTarget } from '../support/redis-outage';
import { until } from '../support/until';
import { OLIVIA, standardWorld } from '../support/world';

const MAX = 3;
/** ioredis reconnects at most every 2 s: room for a few attempts on a loaded machine */
const RECONNECT_WAIT = { timeoutMs: 20_000, everyMs: 100 };

let target: RedisTarget | undefined;
let proxy: TcpProxy;
let tdb: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

/**
 * A client address of its own (an IPv6 /64) for each count: the Redis behind the proxy may be
 * the machine's, shared with other test files and with this file's last run within the minute.
 */
const freshClient = () =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

const startSignIn = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'GET', url: '/auth/discord-url', remoteAddress });

async function signIn(app: FastifyInstance): Promise<{ authorization: string }> {
  const start = await startSignIn(app, freshClient());
  const state = new URL(start.json().data.auth_url).searchParams.get('state')!;
  const back = await app.inject({
    method: 'GET',
    url: `/auth/callback?code=${encodeURIComponent(`code:${OLIVIA}`)}&state=${encodeURIComponent(state)}`,
    headers: { cookie: cookieFrom(start) },
  });
  const fragment = new URLSearchParams(new URL(back.headers.location as string).hash.slice(1));
  return { authorization: `Bearer ${fragment.get('access_token')}` };
}

async function health(app: FastifyInstance, url = '/api/health') {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, data: res.json().data };
}

/** Waits for both replicas to report Redis as ok in their health (`what` says why it is awaited). */
async function bothOnRedis(what: string) {
  for (const app of [a, b])
    await until(
      what,
      () => health(app),
      (h) => h.data.redis === 'ok',
      RECONNECT_WAIT,
    );
}

/** A metric of this process (the replicas' registry; /metrics serves it on its own port). */
async function metric(name: string): Promise<number> {
  const body = await metricsRegistry.metrics();
  const line = body.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? NaN : Number(line.split(' ')[1]);
}

// the other Redis tests are left out of a run without Redis too (test/support/database-files.js, scale-out)
if (NO_REDIS) console.warn(`redis-outage.test.ts is skipped: ${NO_REDIS}`);
const itWithRedis = NO_REDIS ? it.skip : it;

beforeAll(async () => {
  if (NO_REDIS) return;
  target = await redisTarget();
  proxy = await TcpProxy.open(target);
  tdb = await openTestDatabase();
  const world = standardWorld();
  const replica = () =>
    createTestApp(
      tdb.database,
      createFakeIntegrations(world),
      testSettings({ REDIS_URL: proxy.url, AUTH_RATE_LIMIT_MAX: String(MAX) }),
    );
  [a, b] = await Promise.all([replica(), replica()]);
  await bothOnRedis('the replica connected to Redis');
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await proxy?.stop();
  await tdb?.cleanup();
  await target?.stop();
});

/** Starts sign-ins for one client through the replicas named, in order: their status codes. */
async function startsThrough(replicas: FastifyInstance[], client = freshClient()) {
  const codes: number[] = [];
  for (const app of replicas) codes.push((await startSignIn(app, client)).statusCode);
  return codes;
}

itWithRedis(
  'keeps sign-in, reads and limits working through a Redis outage, and shares counts again after it',
  async () => {
    const session = await signIn(a);
    // shared: A, B and A spend the client's three; B refuses the fourth
    expect(await startsThrough([a, b, a, b])).toEqual([200, 200, 200, 429]);

    const errors = jest.spyOn(a.log, 'error');
    const infos = jest.spyOn(a.log, 'info');
    const fallbacksBefore = await metric('roconnect_rate_limit_fallbacks_total');
    await proxy.stop();
    await until(
      'replica A saw Redis go',
      () => health(a),
      (h) => h.data.redis !== 'ok',
      RECONNECT_WAIT,
    );

    // sign-in start, a read, and a per-user limited route: answered, not 500
    expect((await startSignIn(a, freshClient())).statusCode).toBe(200);
    expect(await meStatus(a, session)).toBe(200);
    const sync = await a.inject({
      method: 'POST',
      url: '/api/v1/dashboard/user/sync-servers',
      headers: session,
    });
    expect(sync.statusCode).toBe(200);

    // the limit still holds, counted in each replica's own memory
    const client = freshClient();
    expect(await startsThrough([a, a, a, a], client)).toEqual([200, 200, 200, 429]);
    const refused = await startSignIn(a, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, error: 'rate_limited' });
    expect(await startsThrough([b], client)).toEqual([200]);

    // degraded, still ready; the process is live
    expect(await health(a)).toEqual({
      status: 200,
      data: { status: 'degraded', database: 'ok', redis: 'degraded', jobs: 'off', gateway: 'off' },
    });
    expect((await health(a, '/api/health/ready')).status).toBe(200);
    expect(await health(a, '/api/health/live')).toEqual({ status: 200, data: { status: 'ok' } });
    expect(await metric('roconnect_redis_up')).toBe(0);
    expect(await metric('roconnect_rate_limit_fallbacks_total')).toBeGreaterThanOrEqual(
      fallbacksBefore + 6,
    );

    await proxy.start();
    await bothOnRedis('the replica back on Redis');
    expect(await health(a)).toEqual({
      status: 200,
      data: { status: 'ok', database: 'ok', redis: 'ok', jobs: 'off', gateway: 'off' },
    });
    expect(await metric('roconnect_redis_up')).toBe(1);
    // one count for both replicas again
    expect(await startsThrough([a, b, a, b])).toEqual([200, 200, 200, 429]);

    // the outage and the recovery were each logged once, however many reconnects and requests
    const said = (spy: jest.SpyInstance, text: string) =>
      spy.mock.calls.filter((args: unknown[]) =>
        args.some((x) => typeof x === 'string' && x.includes(text)),
      ).length;
    expect(said(errors, 'redis unreachable')).toBe(1);
    expect(said(infos, 'redis answers again')).toBe(1);
  },
  60_000,
);
