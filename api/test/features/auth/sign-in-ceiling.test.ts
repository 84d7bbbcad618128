/** The site-wide ceiling on sign-in starts, above the per-address limit (N2). */
import { oauthStates } from '../../../src/db/schema';
import { ConfigError } from '../../../src/config';
import { testSettings } from '../../support/app';
import { useFakeApp } from '../../support/harness';

describe('AUTH_GLOBAL_RATE_LIMIT_MAX', () => {
  it('defaults to 600 a minute, and reads a whole number', () => {
    expect(testSettings().authGlobalRateLimitMax).toBe(600);
    expect(testSettings({ AUTH_GLOBAL_RATE_LIMIT_MAX: '1200' }).authGlobalRateLimitMax).toBe(1200);
  });

  it('refuses a value that is not a number, naming the setting', () => {
    expect(() => testSettings({ AUTH_GLOBAL_RATE_LIMIT_MAX: 'lots' })).toThrow(ConfigError);
    expect(() => testSettings({ AUTH_GLOBAL_RATE_LIMIT_MAX: 'lots' })).toThrow(
      /AUTH_GLOBAL_RATE_LIMIT_MAX must be a whole number/,
    );
  });

  it('refuses a ceiling one client address could fill alone, naming both settings', () => {
    expect(() =>
      testSettings({ AUTH_GLOBAL_RATE_LIMIT_MAX: '60', AUTH_RATE_LIMIT_MAX: '60' }),
    ).toThrow(/AUTH_GLOBAL_RATE_LIMIT_MAX \(60\) must be above AUTH_RATE_LIMIT_MAX \(60\)/);
    // a per-address limit raised past 600 raises the default ceiling with it
    expect(testSettings({ AUTH_RATE_LIMIT_MAX: '1000' }).authGlobalRateLimitMax).toBe(1001);
  });
});

describe('the sign-in ceiling', () => {
  const t = useFakeApp();
  const start = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/auth/discord-url', remoteAddress });
  const codesOf = async (remoteAddress: string, times: number) => {
    const codes = [];
    for (let i = 0; i < times; i++) codes.push((await start(remoteAddress)).statusCode);
    return codes;
  };

  it('answers 429 with Retry-After once every address together passes it', async () => {
    await t.restartWith(
      testSettings({ AUTH_RATE_LIMIT_MAX: '2', AUTH_GLOBAL_RATE_LIMIT_MAX: '5' }),
    );
    // one client past its own limit: its refused starts do not count against the site
    expect(await codesOf('203.0.113.1', 6)).toEqual([200, 200, 429, 429, 429, 429]);
    // others, each within its own limit, fill the ceiling (IPv6 /64s rotated)
    expect(await codesOf('203.0.113.2', 2)).toEqual([200, 200]);
    expect(await codesOf('2001:db8:5::1', 1)).toEqual([200]);
    const refused = await start('2001:db8:6::1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, error: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().message).toMatch(new RegExp(`try again in ${retryAfter} s`));
    // a fresh address is refused too, and no state was written past the ceiling
    expect((await start('198.51.100.7')).statusCode).toBe(429);
    expect(await t.tdb.database.db.select().from(oauthStates)).toHaveLength(5);
  });
});
