/** What every request pays for: the CORS preflight, the token check, the request log lines. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { accessTokenVerifier, signAccessToken } from '../../src/domain/sessions/tokens';
import { httpRequestDuration } from '../../src/lib/metrics';
import { requestLogging } from '../../src/plugins/logging';
import { APP_URL, testSettings } from '../support/app';
import { fakeClockAt } from '../support/fake-clock';
import { loginAs } from '../support/fake-login';
import { useFakeApp } from '../support/harness';
import { GUILD_A, OLIVIA } from '../support/world';

const t = useFakeApp();

describe('CORS preflights are cached by the browser', () => {
  it('a preflight for an authenticated call answers Access-Control-Max-Age of two hours', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/dashboard/user/servers',
      headers: {
        origin: APP_URL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP_URL);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'authorization',
    );
    expect(res.headers['access-control-max-age']).toBe('7200');
  });

  it('a preflight from another origin is not allowed, cached or not', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/dashboard/user/servers',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).not.toBe('http://evil.test');
  });
});

describe('access tokens verified once', () => {
  const secret = testSettings().jwtSecret;
  const claims = {
    userId: '00000000-0000-4000-8000-000000000001',
    sessionId: '00000000-0000-4000-8000-000000000002',
  };
  it('a remembered token is refused once it expires', async () => {
    const verify = accessTokenVerifier(secret);
    const token = await signAccessToken(secret, claims, Date.now(), 60);
    expect(await verify(token)).toEqual(claims);
    expect(await verify(token)).toEqual(claims);
    fakeClockAt(Date.now() + 61_000);
    try {
      expect(await verify(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a token signed with another secret or altered is refused, also after a good one', async () => {
    const verify = accessTokenVerifier(secret);
    const good = await signAccessToken(secret, claims);
    expect(await verify(good)).toEqual(claims);
    const other = await signAccessToken(new TextEncoder().encode('x'.repeat(48)), claims);
    expect(await verify(other)).toBeNull();
    const [h, p, s] = good.split('.');
    const altered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verify(altered)).toBeNull();
  });
});

describe('request log lines', () => {
  /** An app logging as buildApp's does, into `lines`; `childCalls` counts the loggers pino made. */
  async function loggingApp(level: string) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logging = requestLogging(level);
    const app = Fastify({ ...logging, logger: { ...logging.logger, stream } });
    app.get('/read', async () => ({ ok: true }));
    app.get('/missing-thing', async (_req, reply) => reply.code(404).send({ ok: false }));
    app.post('/write', async () => ({ ok: true }));
    app.get('/noted', async (request) => {
      request.log.warn(
        { discord: { token: 'secret-token' }, note: 'kept' },
        'a note from the route',
      );
      return { ok: true };
    });
    app.get('/quiet-route', { logLevel: 'error' }, async (request) => {
      request.log.warn("not at this route's level");
      return { ok: true };
    });
    await app.ready();
    const child = jest.spyOn(app.log, 'child');
    return { app, lines, childCalls: () => child.mock.calls.length };
  }

  async function logged(level: string) {
    const { app, lines } = await loggingApp(level);
    await app.inject({
      method: 'GET',
      url: '/read',
      headers: { authorization: 'Bearer secret-token' },
    });
    await app.inject({ method: 'GET', url: '/missing-thing?code=abc' });
    await app.inject({
      method: 'POST',
      url: '/write',
      headers: { authorization: 'Bearer secret-token' },
    });
    await app.close();
    return lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');
  }

  it('at info: one line for each write and failure, none for a fast successful read', async () => {
    const lines = await logged('info');
    expect(lines.map((l) => [l.msg, (l.req as any)?.method, (l.res as any)?.statusCode])).toEqual([
      ['request completed', 'GET', 404],
      ['request completed', 'POST', 200],
    ]);
    expect((lines[0]!.req as any).url).toBe('/missing-thing?code=%5Bredacted%5D');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('at debug: every request, as before', async () => {
    const lines = await logged('debug');
    expect(lines.filter((l) => l.msg === 'incoming request')).toHaveLength(3);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(3);
  });

  it('each line carries its request id, one id per request', async () => {
    const lines = await logged('debug');
    const ids = lines.map((l) => l.reqId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('a request that writes no line makes no logger; one that writes makes one', async () => {
    const { app, lines, childCalls } = await loggingApp('info');
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/read' });
    expect(childCalls()).toBe(0);
    await app.inject({ method: 'POST', url: '/write' });
    expect(childCalls()).toBe(1);
    await app.close();
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
  });

  it("a route's own line: its request id, its level, secrets redacted", async () => {
    const { app, lines } = await loggingApp('info');
    await app.inject({ method: 'GET', url: '/noted' });
    await app.inject({ method: 'GET', url: '/quiet-route' });
    await app.close();
    const notes = lines.filter((l) => l.msg !== 'request completed');
    expect(notes).toEqual([
      expect.objectContaining({
        msg: 'a note from the route',
        level: 40,
        note: 'kept',
        discord: { token: '[redacted]' },
        reqId: expect.any(String),
      }),
    ]);
  });
});

describe('/metrics counts every request', () => {
  /** http_request_duration_seconds_count by label set */
  async function counts() {
    const { values } = await httpRequestDuration.get();
    return new Map(
      values
        .filter((v) => v.metricName === 'http_request_duration_seconds_count')
        .map((v) => [JSON.stringify(v.labels), v.value]),
    );
  }

  it('once each, by method, route pattern and status', async () => {
    const s = await loginAs(t.app, OLIVIA);
    const before = await counts();
    const get = (url: string, headers: Record<string, string> = s.headers) =>
      t.app.inject({ method: 'GET', url, headers });
    for (let i = 0; i < 3; i++) await get('/api/v1/dashboard/user/servers');
    await get('/api/v1/dashboard/user/servers', {});
    await get(`/api/v1/server/${GUILD_A}/setup`);
    await get('/no/such/thing');
    await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/dashboard/user/servers',
      headers: { origin: APP_URL, 'access-control-request-method': 'GET' },
    });
    // onResponse runs once the answer is out
    await new Promise((resolve) => setImmediate(resolve));
    const after = await counts();
    const added = [...after]
      .map(([labels, n]) => [labels, n - (before.get(labels) ?? 0)] as const)
      .filter(([, n]) => n !== 0);
    const label = (method: string, route: string, status: number) =>
      JSON.stringify({ method, route, status_code: String(status) });
    expect(new Map(added)).toEqual(
      new Map([
        [label('GET', '/api/v1/dashboard/user/servers', 200), 3],
        [label('GET', '/api/v1/dashboard/user/servers', 401), 1],
        [label('GET', '/api/v1/server/:id/setup', 200), 1],
        [label('GET', 'unmatched', 404), 1],
        [label('OPTIONS', '*', 204), 1],
      ]),
    );
  });
});
