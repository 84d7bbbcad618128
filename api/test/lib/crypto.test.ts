import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, pkceChallenge } from '../../src/lib/crypto';

describe('AES-256-GCM token encryption', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the plaintext', () => {
    const box = encrypt(key, 'discord-refresh-token', 'discord_tokens:u1:refresh');
    expect(box).not.toContain('discord-refresh-token');
    expect(decrypt(key, box, 'discord_tokens:u1:refresh')).toBe('discord-refresh-token');
  });
  it('refuses a ciphertext moved to another row, a wrong key, or tampering', () => {
    const box = encrypt(key, 'secret', 'discord_tokens:u1:refresh');
    expect(() => decrypt(key, box, 'discord_tokens:u2:refresh')).toThrow();
    expect(() => decrypt(randomBytes(32), box, 'discord_tokens:u1:refresh')).toThrow();
    const parts = box.split(':');
    parts[2] = Buffer.from('other').toString('base64url');
    expect(() => decrypt(key, parts.join(':'), 'discord_tokens:u1:refresh')).toThrow();
  });
});

describe('PKCE', () => {
  it('computes the RFC 7636 S256 challenge', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
