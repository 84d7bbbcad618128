import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { announceChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { refreshTokens, sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './tokens';

export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
/** a session (token family) never outlives this, however often it is refreshed */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function issueRefreshToken(db: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    tokenHash: sha256(token),
    sessionId,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

export async function createSession(
  db: Db,
  secret: Uint8Array,
  userId: string,
  accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<IssuedTokens & { sessionId: string }> {
  const sessionId = randomUUID();
  await db
    .insert(sessions)
    .values({ id: sessionId, userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MS) });
  const refresh_token = await issueRefreshToken(db, sessionId);
  const access_token = await signAccessToken(
    secret,
    { userId, sessionId },
    Date.now(),
    accessTtlSeconds,
  );
  return { sessionId, access_token, refresh_token, expires_in: accessTtlSeconds };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  announceChange(db, 'session', sessionId);
}

export async function revokeAllSessionsOfUser(
  db: Db,
  userId: string,
  reason: string,
): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of ended) announceChange(db, 'session', id);
}

/** The session if it is live (not revoked, not past its absolute lifetime). */
export async function findLiveSession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/**
 * Rotation: the presented token is marked used and a new one issued in the same session.
 * Presenting a token that was already used means it leaked: the whole session is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: Uint8Array,
  presented: string,
  accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<IssuedTokens> {
  const hash = sha256(presented);
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
  if (!row)
    throw unauthorized(
      'This refresh token is not valid. Please sign in again.',
      'invalid_refresh_token',
    );

  // Claim the token atomically, so two concurrent uses cannot both succeed.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, hash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.replacedAt),
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  if (claimed.length === 0) {
    if (!row.replacedAt) {
      const reissued = await reissueAfterLostRotation(db, secret, row, accessTtlSeconds);
      if (reissued) return reissued;
    }
    await revokeSession(db, row.sessionId, 'refresh_token_reused');
    throw unauthorized(
      'This refresh token was already used; the session has been ended. Please sign in again.',
      'refresh_token_reused',
    );
  }
  if (row.expiresAt.getTime() <= Date.now()) {
    throw unauthorized(
      'This refresh token has expired. Please sign in again.',
      'refresh_token_expired',
    );
  }
  return issueTokens(db, secret, row, accessTtlSeconds);
}

async function issueTokens(
  db: Db,
  secret: Uint8Array,
  row: typeof refreshTokens.$inferSelect,
  accessTtlSeconds: number,
): Promise<IssuedTokens> {
  const session = await findLiveSession(db, row.sessionId);
  if (!session)
    throw unauthorized('This session has ended. Please sign in again.', 'session_revoked');
  // a refresh is the user being seen: two years without one deletes the account (domain/maintenance)
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, session.userId));

  const refresh_token = await issueRefreshToken(db, session.id);
  const access_token = await signAccessToken(
    secret,
    { userId: session.userId, sessionId: session.id },
    Date.now(),
    accessTtlSeconds,
  );
  return { access_token, refresh_token, expires_in: accessTtlSeconds };
}

/**
 * A page that navigates away while its refresh is in flight never stores the rotated token, and
 * its next page presents the old one again. That is not a leak when it happens within a few
 * seconds and the token that replaced it was never used; anything else still revokes the session.
 */
export const LOST_ROTATION_GRACE_MS = 30_000;

/**
 * The grace path keeps one live chain per session: the unused successors of the replayed token
 * are marked replaced before a new one is issued, so a thief who raced the page for the old token
 * holds a dead successor, and presenting it ends the session (docs/security.md). The session row
 * is locked so that two replays at once cannot both leave a live successor. Undefined when the
 * replay is not a lost rotation.
 */
async function reissueAfterLostRotation(
  db: Db,
  secret: Uint8Array,
  row: typeof refreshTokens.$inferSelect,
  accessTtlSeconds: number,
): Promise<IssuedTokens | undefined> {
  if (!row.usedAt || Date.now() - row.usedAt.getTime() > LOST_ROTATION_GRACE_MS) return undefined;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.id, row.sessionId))
      .for('update');
    const successors = and(
      eq(refreshTokens.sessionId, row.sessionId),
      ne(refreshTokens.tokenHash, row.tokenHash),
      gt(refreshTokens.createdAt, row.createdAt),
    );
    const [usedSuccessor] = await txDb
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(and(successors, isNotNull(refreshTokens.usedAt)))
      .limit(1);
    if (usedSuccessor) return undefined;
    await txDb
      .update(refreshTokens)
      .set({ replacedAt: new Date() })
      .where(and(successors, isNull(refreshTokens.replacedAt)));
    return issueTokens(txDb, secret, row, accessTtlSeconds);
  });
}

/** The session a refresh token belongs to, used or not (logout with an expired access token). */
export async function findSessionIdByRefreshToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  return row?.sessionId ?? null;
}
