/**
 * docs/security.md › Threats and defences (N4): the console routes that call Discord or Roblox (or export the audit log)
 * are limited per user and per server, with Retry-After and the error envelope on a 429.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ConfigError, loadSettings } from '../../src/config';
import { testSettings } from '../support/app';
import { consoleWorld, signInCast, type Cast } from '../support/console';
import type { Session } from '../support/fake-login';
import { useFakeApp } from '../support/harness';
import { GUILD_A } from '../support/world';

const t = useFakeApp(consoleWorld);
let cast: Cast;
beforeEach(async () => {
  await t.restartWith(
    testSettings({ CONSOLE_USER_RATE_LIMIT_MAX: '2', CONSOLE_SERVER_RATE_LIMIT_MAX: '3' }),
  );
  cast = await signInCast(t.app);
});

const A = `/api/v1/server/${GUILD_A}`;
const ROUTES = [
  ['GET', `${A}/health`],
  ['GET', `${A}/edit`],
  ['GET', `${A}/binds`],
  ['PUT', `${A}/binds`],
  ['GET', `${A}/audit/export`],
] as const;
const call = (s: Session, method: 'GET' | 'PUT', url: string) =>
  t.app.inject({
    method,
    url,
    headers: s.headers,
    ...(method === 'PUT' ? { payload: { binds: [] } } : {}),
  });

function expectLimited(res: LightMyRequestResponse, message: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    success: false,
    error: 'rate_limited',
    message: expect.any(String),
  });
  expect(res.json().message).toMatch(message);
}

describe.each(ROUTES)('%s %s', (method, url) => {
  it('answers 429 past the per-user limit, then past the per-server limit for another manager', async () => {
    // a stranger's refused calls use up nothing of the server's budget (only their own)
    for (let i = 0; i < 2; i++)
      expect((await call(cast.stranger, method, url)).statusCode).toBe(403);
    expect((await call(cast.owner, method, url)).statusCode).toBe(200);
    expect((await call(cast.owner, method, url)).statusCode).toBe(200);
    expectLimited(await call(cast.owner, method, url), /^Too many requests/);
    // the second manager has a budget of their own, but the server has one left (3 a minute)
    expect((await call(cast.manager, method, url)).statusCode).toBe(200);
    expectLimited(await call(cast.manager, method, url), /for this server/);
  });
});

it('each route counts on its own: a server at its limit on health can still load its binds', async () => {
  for (const s of [cast.owner, cast.owner, cast.manager])
    expect((await call(s, 'GET', `${A}/health`)).statusCode).toBe(200);
  expect((await call(cast.manager, 'GET', `${A}/health`)).statusCode).toBe(429);
  expect((await call(cast.manager, 'GET', `${A}/binds`)).statusCode).toBe(200);
});

it('the limits are settings with defaults, and a bad value is refused by name', () => {
  const defaults = testSettings();
  expect(defaults.consoleUserRateLimitMax).toBe(60);
  expect(defaults.consoleServerRateLimitMax).toBe(60);
  const load = (env: Record<string, string>) => () =>
    loadSettings({ ...env, DATA_DIR: defaults.dataDir });
  expect(load({ CONSOLE_USER_RATE_LIMIT_MAX: '0' })).toThrow(
    new ConfigError('CONSOLE_USER_RATE_LIMIT_MAX must be between 1 and 100000, got 0'),
  );
  expect(load({ CONSOLE_SERVER_RATE_LIMIT_MAX: 'many' })).toThrow(
    new ConfigError('CONSOLE_SERVER_RATE_LIMIT_MAX must be a whole number, got "many"'),
  );
});
