import { eq, isNull } from 'drizzle-orm';
import { oauthStates, refreshTokens, sessions } from '../../../src/db/schema';
import { purgeExpired } from '../../../src/domain/maintenance/purge';
import { signAccessToken, verifyAccessToken } from '../../../src/domain/sessions/tokens';
import { useFakeApp } from '../../support/harness';
import { bearer, testSettings } from '../../support/app';
import { loginAs, meStatus, startLogin } from '../../support/fake-login';
import { OLIVIA } from '../../support/world';

const t = useFakeApp();
const db = () => t.tdb.database.db;
const past = (ms: number) => new Date(Date.now() - ms);
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: token } });

/** An access token for the same session that expired an hour ago. */
async function expiredAccessFor(access: string) {
  const claims = (await verifyAccessToken(testSettings().jwtSecret, access))!;
  return signAccessToken(testSettings().jwtSecret, claims, Date.now() - 3600_000);
}

describe('POST /auth/logout ends the server session', () => {
  it('also when the access token has expired: the refresh token identifies the session', async () => {
    const s = await loginAs(t.app, OLIVIA);
    const expired = await expiredAccessFor(s.access);
    expect(await meStatus(t.app, bearer(expired))).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(expired),
      payload: { refresh_token: s.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    const [row] = await db().select().from(sessions);
    expect(row!.revokedReason).toBe('logout');
  });

  it('with the refresh token alone', async () => {
    const s = await loginAs(t.app, OLIVIA);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: s.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(await meStatus(t.app, s.headers)).toBe(401);
  });

  it('answers 401 when neither token names a session, and 400 for a bad body', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: 'not-a-token' },
    });
    expect(unknown.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refresh_token: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/body\.refresh_token/);
  });
});

describe('purgeExpired', () => {
  it('deletes expired states, ended sessions and expired refresh tokens, and keeps live ones', async () => {
    const live = await loginAs(t.app, OLIVIA);
    const loggedOut = await loginAs(t.app, OLIVIA);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: loggedOut.headers });
    const idle = await loginAs(t.app, OLIVIA);
    const idleSession = (await verifyAccessToken(testSettings().jwtSecret, idle.access))!.sessionId;
    await db()
      .update(refreshTokens)
      .set({ expiresAt: past(1000) })
      .where(eq(refreshTokens.sessionId, idleSession)); // idle past 7 days
    // a rotated (spent) token of the live session stays for reuse detection
    const rotated = (await refresh(live.refresh)).json().data;
    await startLogin(t.app); // a fresh state
    await startLogin(t.app);
    const [stale] = await db().select().from(oauthStates).limit(1);
    await db()
      .update(oauthStates)
      .set({ expiresAt: past(1000) })
      .where(eq(oauthStates.stateHash, stale!.stateHash));
    const statesBefore = (await db().select().from(oauthStates)).length;

    const counts = await purgeExpired(db());
    expect(counts).toEqual({ states: 1, refreshTokens: 0, sessions: 2 });
    expect(await db().select().from(oauthStates)).toHaveLength(statesBefore - 1);
    const left = await db().select().from(sessions).where(isNull(sessions.revokedAt));
    expect(left).toHaveLength(1);
    // the live session works on, and replaying its spent token is still caught
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(200);
    expect((await refresh(live.refresh)).statusCode).toBe(401);
    expect((await db().select().from(sessions))[0]!.revokedReason).toBe('refresh_token_reused');
  });

  it('deletes refresh tokens past their 7 days', async () => {
    const s = await loginAs(t.app, OLIVIA);
    const spent = s.refresh;
    await refresh(spent);
    await db()
      .update(refreshTokens)
      .set({ expiresAt: past(1000) });
    const counts = await purgeExpired(db());
    // the session's last token expired too, so the session ended with them
    expect(counts.sessions).toBe(1);
    expect(await db().select().from(refreshTokens)).toHaveLength(0);
  });
});
