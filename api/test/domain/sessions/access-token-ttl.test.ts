import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { loadSettings } from '../../../src/config';
import { useFakeApp } from '../../support/harness';
import { bearer, testSettings } from '../../support/app';
import { fakeClockAt } from '../../support/fake-clock';
import { addUser, createWorld } from '../../support/fake-integrations';
import { loginAs } from '../../support/fake-login';

const OLIVIA = '110000000000000001';
const t = useFakeApp(() => {
  const world = createWorld();
  addUser(world, OLIVIA, 'olivia', 'Olivia');
  return world;
});

const lifetimeOf = (token: string) => {
  const { iat, exp } = decodeJwt(token);
  return exp! - iat!;
};
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: token } });

describe('ACCESS_TOKEN_TTL', () => {
  const tmp = () => mkdtempSync(path.join(tmpdir(), 'roconnect-ttl-'));

  it('defaults to 900 seconds (15 minutes)', async () => {
    expect(loadSettings({ DATA_DIR: tmp() }).accessTokenTtlSeconds).toBe(900);
    const s = await loginAs(t.app, OLIVIA);
    expect(lifetimeOf(s.access)).toBe(900);
    expect((await refresh(s.refresh)).json().data.expires_in).toBe(900);
  });

  it('sets the lifetime of every access token minted, and expires_in', async () => {
    await t.restartWith(testSettings({ ACCESS_TOKEN_TTL: '5' }));
    const s = await loginAs(t.app, OLIVIA);
    expect(lifetimeOf(s.access)).toBe(5);
    const rotated = (await refresh(s.refresh)).json().data;
    expect(rotated.expires_in).toBe(5);
    expect(lifetimeOf(rotated.access_token)).toBe(5);
  });

  it('an access token is refused once it has lived that long; the refresh token still works', async () => {
    await t.restartWith(testSettings({ ACCESS_TOKEN_TTL: '1' }));
    // a still clock: a real one could pass the one-second lifetime (or a machine pause) mid-test
    const start = Date.now();
    fakeClockAt(start);
    try {
      const s = await loginAs(t.app, OLIVIA);
      const me = (token: string) =>
        t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect((await me(s.access)).statusCode).toBe(200);
      jest.setSystemTime(start + 1_000);
      expect((await me(s.access)).statusCode).toBe(401);
      const rotated = await refresh(s.refresh);
      expect(rotated.statusCode).toBe(200);
      expect((await me(rotated.json().data.access_token)).statusCode).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['abc', 'ACCESS_TOKEN_TTL must be a whole number, got "abc"'],
    ['-5', 'ACCESS_TOKEN_TTL must be a whole number'],
    ['0', 'ACCESS_TOKEN_TTL must be between 1 and 86400, got 0'],
    ['90000', 'ACCESS_TOKEN_TTL must be between 1 and 86400, got 90000'],
  ])('explains a bad value %s', (value, message) => {
    expect(() => loadSettings({ DATA_DIR: tmp(), ACCESS_TOKEN_TTL: value })).toThrow(message);
  });
});
