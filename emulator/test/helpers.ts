import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEmulator, SeedError, validateSeed, type EmulatorApp, type Seed } from '../src';

export const TEST_SEED_PATH = path.join(__dirname, '..', 'seeds', 'test.json');
export const testSeed = (): Seed => JSON.parse(readFileSync(TEST_SEED_PATH, 'utf8')) as Seed;

/** What seed validation says is wrong with `input`; none for a valid seed. */
export function issuesOf(input: unknown): string[] {
  try {
    validateSeed(input);
  } catch (error) {
    if (error instanceof SeedError) return error.issues;
    throw error;
  }
  return [];
}

export const CLIENT_ID = '100000000000000001';
export const CLIENT_SECRET = 'emulator-discord-secret';
/** what every Discord HTTP API client must send (emulator/README.md › Discord) */
export const DISCORD_CLIENT = {
  'user-agent': 'DiscordBot (https://example.test/emulator-tests, 1.0)',
};
export const BOT = { authorization: 'Bot emulator-bot-token', ...DISCORD_CLIENT };
/** a user's token, as a Discord client sends it */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...DISCORD_CLIENT });
export const REDIRECT = 'http://localhost:3000/auth/callback';

export const USERS = {
  owner: '110000000000000001',
  member: '110000000000000002',
  noDms: '110000000000000003',
  mod: '110000000000000004',
};
export const GUILDS = { withBot: '120000000000000001', noBot: '120000000000000002' };
export const ROLES = { high: '130000000000000001', low: '130000000000000002' };

/** A call to a control route (/__emulator/…) of `app` with `body` as its JSON. */
export const controlCall = (
  app: EmulatorApp,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  body: unknown,
) =>
  app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** The state of the seed's server `guildId` in `app` now. */
export const guildState = (app: EmulatorApp, guildId: string) =>
  app.emulator.state().discord.guilds.find((g) => g.id === guildId)!;

/** Adds Discord users who are in no server of `seed` (no avatar, no global name), named by `username`. */
export function addUsersOutside(
  seed: Seed,
  ids: readonly string[],
  username: (id: string) => string,
): Seed {
  for (const id of ids)
    seed.discord.users.push({ id, username: username(id), global_name: null, avatar: null });
  return seed;
}

export function makeEmulator(): EmulatorApp {
  return createEmulator({ seed: testSeed() });
}

export function form(values: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  return {
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...DISCORD_CLIENT },
  };
}

export function location(res: { headers: Record<string, unknown> }): URL {
  return new URL(String(res.headers.location));
}

export const loginParams = (state = 'state-1', scope = 'identify guilds') => ({
  client_id: CLIENT_ID,
  response_type: 'code',
  scope,
  redirect_uri: REDIRECT,
  state,
});

/** signs in at the consent page as `userId` and returns the authorization code */
export async function discordLoginCode(
  app: EmulatorApp,
  userId: string,
  scope?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth2/authorize',
    ...form({ ...loginParams(undefined, scope), user_id: userId }),
  });
  const code = location(res).searchParams.get('code');
  if (!code) throw new Error(`no code in ${String(res.headers.location)}`);
  return code;
}

export async function discordAccessToken(
  app: EmulatorApp,
  userId: string,
  scope?: string,
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const code = await discordLoginCode(app, userId, scope);
  const res = await exchangeDiscordCode(app, code, '/api/v10/oauth2/token');
  return res.json();
}

/** A Discord code exchanged at the token endpoint as the API does (client credentials in the body). */
export function exchangeDiscordCode(app: EmulatorApp, code: string, url = '/api/oauth2/token') {
  return app.inject({
    method: 'POST',
    url,
    ...form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }),
  });
}

/**
 * A fresh emulator for each test of the file (or describe block), closed after it:
 * `const app = useEmulator();` then `app.inject(…)` reaches the current test's emulator.
 */
export function useEmulator(seed: () => Seed = testSeed): EmulatorApp {
  let current: EmulatorApp | undefined;
  beforeEach(() => {
    current = createEmulator({ seed: seed() });
  });
  afterEach(() => current?.close());
  return new Proxy({} as EmulatorApp, {
    get(_, key) {
      if (!current) throw new Error('useEmulator: the emulator exists only inside a test');
      const value: unknown = Reflect.get(current, key, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/** A JSON call over real HTTP to the emulator at `base`, as a Discord client would make it. */
export async function httpJson(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...DISCORD_CLIENT,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as any };
}
