import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadSettings } from '../../src/config';
import { PRODUCTION_ENV } from '../support/app';

/** the settings production refuses to start without: PRODUCTION_ENV's, but NODE_ENV itself */
const REQUIRED = Object.keys(PRODUCTION_ENV).filter((name) => name !== 'NODE_ENV');
const COMPLETE: Record<string, string> = PRODUCTION_ENV;
const tmp = () => mkdtempSync(path.join(tmpdir(), 'roconnect-prod-'));

describe('NODE_ENV=production fails closed', () => {
  it('the API process exits 1 with one line naming each missing setting, and writes no secrets', () => {
    const dataDir = tmp();
    const tsx = require.resolve('tsx/cli');
    const run = spawnSync(process.execPath, [tsx, path.join(__dirname, '../../src/main.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.split('\n');
    for (const name of REQUIRED) {
      expect(lines.filter((l) => l.includes(`${name} is not set`))).toHaveLength(1);
    }
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('names only what is missing', () => {
    const { DISCORD_BOT_TOKEN: _omitted, ...rest } = COMPLETE;
    expect(() => loadSettings({ ...rest, DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadSettings({ ...rest, DATA_DIR: tmp() })).toThrow(
      /^Configuration error: NODE_ENV=production[^\n]*\n {2}DISCORD_BOT_TOKEN is not set[^\n]*$/,
    );
  });

  it('with every setting, points at the real Discord and Roblox, never the emulator', () => {
    const s = loadSettings({ ...COMPLETE, DATA_DIR: tmp() });
    expect(s.integrations).toMatchObject({
      discordApiBaseUrl: 'https://discord.com/api',
      discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
      robloxAuthorizeUrl: 'https://apis.roblox.com/oauth/v1/authorize',
      robloxTokenUrl: 'https://apis.roblox.com/oauth/v1/token',
      robloxGroupsBaseUrl: 'https://groups.roblox.com',
      // no emulator credentials: Roblox linking is off until configured
      robloxClientId: undefined,
      robloxClientSecret: undefined,
    });
    expect(JSON.stringify(s.integrations)).not.toMatch(/127\.0\.0\.1|localhost:3100|emulator/);
  });
});
