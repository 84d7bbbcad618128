import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** the default access token lifetime; ACCESS_TOKEN_TTL overrides it */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'roconnect-api';
const AUDIENCE = 'roconnect-web';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now = Date.now(),
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(secret);
}

/** null for anything that is not a valid, unexpired token of ours (algorithm pinned to HS256). */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
