import { accessTokenIsDue, learnServerClock, resetServerClockForTests } from './accessTokenExpiry';

const NOW = 1_800_000_000_000;
const nowS = NOW / 1000;
function jwtWith(claims: { iat?: number; exp: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}

afterEach(() => resetServerClockForTests());

it.each([
  ['a 15-minute token issued now', { iat: nowS, exp: nowS + 900 }, false],
  ['a 15-minute token with 61 s left', { iat: nowS - 839, exp: nowS + 61 }, false],
  [
    'a 15-minute token with 59 s left (within REFRESH_LEAD_MS)',
    { iat: nowS - 841, exp: nowS + 59 },
    true,
  ],
  ['an expired token', { iat: nowS - 1000, exp: nowS - 100 }, true],
  ['a 5-second token issued now', { iat: nowS, exp: nowS + 5 }, false],
  ['a 5-second token with 0.5 s left', { iat: nowS - 4.5, exp: nowS + 0.5 }, true],
  ['a token without iat, not yet expired', { exp: nowS + 5 }, false],
])('%s is due: %s', (_case, claims, due) => {
  expect(accessTokenIsDue(jwtWith(claims), NOW)).toBe(due);
});

it('never calls a token that is not a JWT due: the API decides', () => {
  expect(accessTokenIsDue('opaque-token', NOW)).toBe(false);
});

it("judges by the API's clock once a token has taught it", () => {
  // this browser's clock is 10 minutes behind the API's: by its own clock, a token due 14
  // minutes after it arrived would look good for 10 minutes more
  const issued = jwtWith({ iat: nowS, exp: nowS + 900 });
  const receivedAt = NOW - 600_000;
  expect(accessTokenIsDue(issued, receivedAt + 850_000)).toBe(false);
  learnServerClock(issued, receivedAt);
  expect(accessTokenIsDue(issued, receivedAt)).toBe(false);
  expect(accessTokenIsDue(issued, receivedAt + 850_000)).toBe(true);
});
