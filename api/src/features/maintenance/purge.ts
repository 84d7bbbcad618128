import { and, gt, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oauthStates, refreshTokens, sessions } from '../../db/schema';

export interface PurgeCounts {
  states: number;
  refreshTokens: number;
  sessions: number;
}

/**
 * Deletes what can never be used again, so nothing grows without bound and the privacy page's
 * "session tokens 7 days" holds: expired OAuth states, expired refresh tokens, and sessions that
 * ended (logged out, revoked, past their 30 days, or idle past their last refresh token's 7 days).
 * Used refresh tokens stay until they expire: presenting one again is how a leak is detected.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeCounts> {
  const states = await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)).returning({
    id: oauthStates.stateHash,
  });
  const ended = await db
    .delete(sessions)
    .where(
      or(
        isNotNull(sessions.revokedAt),
        lt(sessions.expiresAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                sql`${refreshTokens.sessionId} = ${sessions.id}`,
                gt(refreshTokens.expiresAt, now),
              ),
            ),
        ),
      ),
    )
    .returning({ id: sessions.id });
  // tokens of the sessions above went with them (ON DELETE CASCADE)
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.tokenHash });
  return { states: states.length, refreshTokens: tokens.length, sessions: ended.length };
}
