import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  /** keep server-side; send with the token request */
  verifier: string;
  /** BASE64URL(SHA256(verifier)); send in the authorize URL with code_challenge_method=S256 */
  challenge: string;
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** a fresh S256 pair: 32 random bytes → a 43-character verifier */
export function createPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}
