import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/** DER prefix of an Ed25519 PKCS#8 private key; the 32-byte seed follows it. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The emulator's interaction signing key, derived from a seed phrase so that it is the same on
 * every start: the API's development default for DISCORD_PUBLIC_KEY is its public half.
 */
export class InteractionSigner {
  private readonly key: KeyObject;
  /** the raw 32-byte public key as hex, as Discord shows it on the application's page */
  readonly publicKeyHex: string;

  constructor(seedPhrase = 'roconnect-emulator-interactions') {
    const seed = createHash('sha256').update(seedPhrase).digest();
    this.key = createPrivateKey({
      key: Buffer.concat([PKCS8_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    this.publicKeyHex = createPublicKey(this.key)
      .export({ format: 'der', type: 'spki' })
      .subarray(12)
      .toString('hex');
  }

  /** Discord's headers for a body: the signature of `timestamp + body` and the timestamp. */
  sign(body: string, timestamp = Math.floor(Date.now() / 1000).toString()) {
    const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), this.key).toString('hex');
    return { 'X-Signature-Ed25519': signature, 'X-Signature-Timestamp': timestamp };
  }
}
