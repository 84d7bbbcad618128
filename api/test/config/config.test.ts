import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSettings } from '../../src/config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'roconnect-config-'));

describe('loadSettings', () => {
  it('defaults to the emulator, the local web app and PGlite', () => {
    const s = loadSettings({ DATA_DIR: tmp() });
    expect(s).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:8080',
      apiUrl: 'http://localhost:3000',
      databaseUrl: undefined,
    });
    expect(s.integrations).toMatchObject({
      discordApiBaseUrl: 'http://127.0.0.1:3100/api',
      discordAuthorizeUrl: 'http://localhost:3100/oauth2/authorize',
      discordClientId: '100000000000000001',
      discordRedirectUri: 'http://localhost:3000/auth/callback',
      robloxTokenUrl: 'http://127.0.0.1:3100/oauth/v1/token',
      robloxRedirectUri: 'http://localhost:3000/roblox/callback',
      robloxClientId: 'emulator-roblox-client',
    });
  });

  it('generates the JWT secret and encryption key into DATA_DIR once, then reuses them', () => {
    const dir = tmp();
    const a = loadSettings({ DATA_DIR: dir });
    const b = loadSettings({ DATA_DIR: dir });
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
    expect(a.encryptionKey.equals(b.encryptionKey)).toBe(true);
    expect(a.encryptionKey).toHaveLength(32);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'))).toHaveProperty(
      'jwtSecret',
    );
  });

  it('treats an empty Roblox client id as "not configured"', () => {
    expect(
      loadSettings({ DATA_DIR: tmp(), ROBLOX_CLIENT_ID: '' }).integrations.robloxClientId,
    ).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ APP_URL: 'not a url' }, 'APP_URL must be an absolute http(s) URL'],
    [{ API_URL: 'ftp://x' }, 'API_URL must use http or https'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [
      { JWT_SECRET: 'short', TOKEN_ENCRYPTION_KEY: 'a'.repeat(64) },
      'JWT_SECRET must be at least 32 characters',
    ],
    [
      { JWT_SECRET: 'x'.repeat(40), TOKEN_ENCRYPTION_KEY: 'abc' },
      'TOKEN_ENCRYPTION_KEY must be 32 bytes',
    ],
  ])('explains a bad setting %j', (env, message) => {
    expect(() => loadSettings({ DATA_DIR: tmp(), ...env })).toThrow(message);
  });
});
