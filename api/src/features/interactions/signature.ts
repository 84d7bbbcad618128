import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKey(raw: Buffer): KeyObject {
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, raw]),
    format: 'der',
    type: 'spki',
  });
}

/** How old (or how far ahead) a signed timestamp may be before the request counts as replayed. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'forged' | 'stale' | 'replayed' };

/**
 * Discord signs `timestamp + raw body` with the application's key. A signature is accepted once:
 * inside the window a replay is caught by the seen-set, outside it by the timestamp.
 */
export function createSignatureChecker(publicKey: Buffer, now: () => number = Date.now) {
  const key = ed25519PublicKey(publicKey);
  /** signature → when it was first accepted; a timestamp is good for at most 2 windows after that */
  const seen = new Map<string, number>();

  function forgetOld(nowSeconds: number) {
    for (const [sig, firstSeen] of seen) {
      if (nowSeconds - firstSeen <= 2 * SIGNATURE_WINDOW_SECONDS) break; // insertion order is time order
      seen.delete(sig);
    }
  }

  return function check(
    signature: string | undefined,
    timestamp: string | undefined,
    rawBody: string,
  ): SignatureCheck {
    if (!signature || !timestamp) return { ok: false, reason: 'missing' };
    if (!/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp))
      return { ok: false, reason: 'malformed' };
    const valid = verify(
      null,
      Buffer.from(timestamp + rawBody, 'utf8'),
      key,
      Buffer.from(signature, 'hex'),
    );
    if (!valid) return { ok: false, reason: 'forged' };
    const nowSeconds = Math.floor(now() / 1000);
    if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
      return { ok: false, reason: 'stale' };
    forgetOld(nowSeconds);
    const id = signature.toLowerCase();
    if (seen.has(id)) return { ok: false, reason: 'replayed' };
    seen.set(id, nowSeconds);
    return { ok: true };
  };
}
