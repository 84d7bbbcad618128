import { InteractionSigner } from '@roconnect/emulator';
import { createSignatureChecker } from '../../../src/features/interactions/signature';

const signer = new InteractionSigner();
const body = '{"type":1}';

describe('createSignatureChecker', () => {
  it('accepts a fresh signature once, and names why it refuses the others', () => {
    let now = 1_800_000_000_000;
    const check = createSignatureChecker(Buffer.from(signer.publicKeyHex, 'hex'), () => now);
    const ts = String(now / 1000);
    const headers = signer.sign(body, ts);
    const sig = headers['X-Signature-Ed25519'];
    expect(check(sig, ts, body)).toEqual({ ok: true });
    expect(check(sig, ts, body)).toEqual({ ok: false, reason: 'replayed' });
    expect(check(undefined, ts, body)).toEqual({ ok: false, reason: 'missing' });
    expect(check('zz', ts, body)).toEqual({ ok: false, reason: 'malformed' });
    expect(check(sig, ts, '{"type":2}')).toEqual({ ok: false, reason: 'forged' });
    // five minutes and a second later the same signed request is stale, not replayable
    now += 301_000;
    expect(check(sig, ts, body)).toEqual({ ok: false, reason: 'stale' });
    // a timestamp from the future beyond the window is refused too
    const ahead = String(now / 1000 + 301);
    expect(check(signer.sign(body, ahead)['X-Signature-Ed25519'], ahead, body)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});
