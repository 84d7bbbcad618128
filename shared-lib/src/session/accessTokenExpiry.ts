import { REFRESH_LEAD_MS } from '../constants';
import { readJwtTimes } from './tokenStorage';

/**
 * How far the API's clock is ahead of this browser's, learnt from the `iat` of each access token
 * the session receives, so a browser with a wrong clock neither renews on every call nor trusts
 * an expired token for long.
 */
let serverClockAheadMs = 0;

/** Remember the API's clock from a freshly issued access token. */
export function learnServerClock(accessToken: string, receivedAt = Date.now()): void {
  const iat = readJwtTimes(accessToken)?.iat;
  if (iat) serverClockAheadMs = iat * 1000 - receivedAt;
}

/**
 * True when the access token has expired or is about to: within REFRESH_LEAD_MS of its expiry,
 * but never more than a fifth of its lifetime (a token that lives 5 s is not "about to expire"
 * for its whole life). A token that is not a readable JWT is never due: the API's 401 decides.
 */
export function accessTokenIsDue(accessToken: string, now = Date.now()): boolean {
  const times = readJwtTimes(accessToken);
  if (!times) return false;
  const lifetimeMs = times.iat === null ? 0 : (times.exp - times.iat) * 1000;
  const leadMs = Math.min(REFRESH_LEAD_MS, Math.max(0, lifetimeMs / 5));
  return times.exp * 1000 - leadMs <= now + serverClockAheadMs;
}

/** for tests */
export function resetServerClockForTests(): void {
  serverClockAheadMs = 0;
}
