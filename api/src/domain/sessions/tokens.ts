import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';

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
  secret: Uint8Array | webcrypto.CryptoKey,
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

/** Verified tokens remembered at most (each until it expires). */
const MAX_VERIFIED_TOKENS = 20_000;

/**
 * verifyAccessToken for every request. The secret is imported as an HMAC key once (jose would
 * import a raw secret on every call), and a token that verified is remembered until its `exp`:
 * its signature and claims cannot change, so verifying it again would give the same answer.
 * Only tokens that verified are kept, so forged ones cannot fill the memory.
 */
export function accessTokenVerifier(secret: Uint8Array) {
  const key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const verified = new Map<string, AccessClaims & { exp: number }>();
  return async (token: string): Promise<AccessClaims | null> => {
    const now = Math.floor(Date.now() / 1000);
    const known = verified.get(token);
    if (known && known.exp > now) return { userId: known.userId, sessionId: known.sessionId };
    if (known) verified.delete(token);
    const claims = await verifyAccessToken(await key, token);
    if (!claims) return null;
    const exp = decodeJwt(token).exp;
    if (typeof exp === 'number') {
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { ...claims, exp });
    }
    return claims;
  };
}
