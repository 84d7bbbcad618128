import { consent } from '../integrations/helpers';
import type { FastifyInstance } from 'fastify';
import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createIntegrations, type IntegrationPolicies } from '../../src/integrations';
import { DISCORD_USER_AGENT } from '../../src/integrations/discord/userAgent';
import { testSettings } from './app';
import { openTestDatabase, useTestDatabase, type TestDatabase } from './db';

/**
 * The API listening on a real port, wired to a real emulator (both on 127.0.0.1, port 0): the one
 * emulator-backed app of the tests that run in Jest's process; `app` and `api` follow a restart.
 */
export interface Stack {
  emulator: RunningEmulator;
  app: FastifyInstance;
  api: string;
  /** closes the app, runs `whileDown`, and starts another on a new port; answers its address */
  restart(options?: RestartOptions): Promise<string>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** the emulator's data; the test seed by default */
  seed?: Seed;
  /** more settings, e.g. a provider URL that points elsewhere */
  env?: Record<string, string>;
  /** run the job engine (member updates, the purge); off by default */
  jobs?: boolean;
  /** the clients' retries and timeouts: one retry, 5 s, by default; `{}` for their own defaults */
  policies?: IntegrationPolicies;
}

export interface RestartOptions extends Pick<StackOptions, 'env' | 'policies'> {
  /** what happens while the API is down */
  whileDown?: () => Promise<void>;
}

export async function startStack(database: Database, options: StackOptions = {}): Promise<Stack> {
  const {
    seed = structuredClone(testSeed) as Seed,
    env = {},
    jobs = false,
    policies = { http: { retries: 1, timeoutMs: 5000 }, bot: { retries: 1, timeoutMs: 5000 } },
  } = options;
  const emulator = await startEmulator({ seed, publicUrl: 'http://127.0.0.1' });
  const listen = async (more = env, clients = policies) => {
    const settings = testSettings({
      EMULATOR_URL: emulator.url,
      EMULATOR_PUBLIC_URL: emulator.url,
      API_URL: 'http://localhost:3000',
      ...more,
    });
    const integrations = createIntegrations(settings.integrations, clients);
    const app = await buildApp({ settings, integrations, database, logger: false, jobs });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, api: `http://127.0.0.1:${port}` };
  };
  const stack: Stack = {
    emulator,
    ...(await listen()),
    restart: async (options = {}) => {
      await stack.app.close();
      await options.whileDown?.();
      Object.assign(stack, await listen(options.env, options.policies));
      return stack.api;
    },
    close: async () => Promise.all([stack.app.close(), emulator.close()]).then(() => undefined),
  };
  return stack;
}

export interface StackFixture {
  /** the file's database */
  readonly tdb: TestDatabase;
  /** the running stack; its fields always read the one running now */
  readonly stack: Stack;
  /** signs a Discord user in through the emulator's consent page (loginThroughEmulator) */
  signIn(discordUserId: string): Promise<HttpSession & { refresh: string }>;
  /** links a Roblox account to `s` (linkRobloxThroughEmulator): the linked account's id */
  linkRoblox(s: HttpSession, robloxUserId: string | number): Promise<string>;
}

/**
 * The hooks of an emulator-backed file: one database for the file, and a stack started with
 * `options` (made anew for each start when a function) for each test, on a database emptied
 * before it, or with `each: 'file'` one stack for the whole file. A file's own hooks declared
 * after this one run after the stack is up. Read the fields inside tests and hooks.
 */
export function useStack(
  options: StackOptions | (() => StackOptions) = {},
  each: 'test' | 'file' = 'test',
  /** with `each: 'test'`, the file's database from its own useTestDatabase() */
  shared?: TestDatabase,
): StackFixture {
  const start = (database: Database) =>
    startStack(database, typeof options === 'function' ? options() : options);
  let running: Stack | undefined;
  let tdb: TestDatabase;
  if (each === 'test') {
    tdb = shared ?? useTestDatabase();
    beforeEach(async () => {
      running = await start(tdb.database);
    });
    afterEach(async () => {
      await running?.close();
      running = undefined;
    });
  } else {
    let opened: TestDatabase | undefined;
    beforeAll(async () => {
      opened = await openTestDatabase();
      running = await start(opened.database);
    });
    afterAll(async () => {
      await running?.close();
      await opened?.cleanup();
    });
    tdb = {
      get database() {
        return now(opened, 'the test database').database;
      },
      reopen: () => now(opened, 'the test database').reopen(),
      cleanup: () => now(opened, 'the test database').cleanup(),
    };
  }
  const current = () => now(running, 'the stack');
  const stack: Stack = {
    get emulator() {
      return current().emulator;
    },
    get app() {
      return current().app;
    },
    get api() {
      return current().api;
    },
    restart: (more) => current().restart(more),
    close: () => current().close(),
  };
  return {
    tdb,
    stack,
    signIn: (discordUserId) => loginThroughEmulator(stack, discordUserId),
    linkRoblox: (s, robloxUserId) => linkRobloxThroughEmulator(stack, s, robloxUserId),
  };
}

function now<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} is only there inside tests and hooks`);
  return value;
}

/** Opens an authorize page and submits its form as a person would (shared with the client tests). */
export { consent };

/** Follows a provider redirect into the API (whatever host the redirect_uri named) → the API's own redirect. */
export async function followIntoApi(stack: Stack, target: URL, cookie?: string): Promise<URL> {
  const res = await fetch(`${stack.api}${target.pathname}${target.search}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  if (res.status !== 302) throw new Error(`API answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get('location')!);
}

/**
 * Submits the consent page at `authorizeUrl` with `fields` in the browser of `s`, then follows the
 * provider's redirect into the API (followIntoApi): the API's own redirect.
 */
export async function consentInto(
  stack: Stack,
  s: { jar: { cookie?: string } },
  authorizeUrl: string,
  fields: Record<string, string>,
): Promise<URL> {
  return followIntoApi(stack, await consent(authorizeUrl, fields), s.jar.cookie);
}

export interface HttpSession {
  headers: Record<string, string>;
  /** this "browser"'s cookies (the OAuth binding), kept across calls like a browser would */
  jar: { cookie?: string };
  call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; json: any }>;
}

export function httpSession(
  stack: Stack,
  accessToken?: string,
  jar: { cookie?: string } = {},
): HttpSession {
  const headers: Record<string, string> = accessToken
    ? { authorization: `Bearer ${accessToken}` }
    : {};
  return {
    headers,
    jar,
    async call(method, path, body) {
      const res = await fetch(`${stack.api}${path}`, {
        method,
        headers: {
          ...headers,
          ...(jar.cookie ? { cookie: jar.cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = res.headers.get('set-cookie');
      if (setCookie) jar.cookie = setCookie.split(';')[0];
      return { status: res.status, headers: res.headers, json: await res.json() };
    },
  };
}

/**
 * Signs `discordUserId` in through the API at `api` and the emulator's consent page, as a browser
 * would (its binding cookie from the start carried to the callback): the tokens and that cookie.
 */
export async function signInThroughEmulator(
  api: string,
  discordUserId: string,
): Promise<{ access: string; refresh: string; cookie?: string }> {
  const start = await fetch(`${api}/auth/discord-url`);
  const cookie = start.headers.get('set-cookie')?.split(';')[0];
  const { data } = (await start.json()) as { data: { auth_url: string } };
  const back = await consent(data.auth_url, { user_id: discordUserId });
  const res = await fetch(`${api}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  if (res.status !== 302) throw new Error(`API answered ${res.status}: ${await res.text()}`);
  const landing = new URL(res.headers.get('location')!);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  const access = fragment.get('access_token');
  if (!access) throw new Error(`sign-in of ${discordUserId} failed: ${landing.toString()}`);
  return { access, refresh: fragment.get('refresh_token')!, cookie };
}

export async function loginThroughEmulator(
  stack: Stack,
  discordUserId: string,
): Promise<HttpSession & { refresh: string }> {
  const { access, refresh, cookie } = await signInThroughEmulator(stack.api, discordUserId);
  return { ...httpSession(stack, access, { cookie }), refresh };
}

/** The website's Verify as `s`: their linked account `accountId` in the server `serverId`. */
export const verifyInServer = (s: HttpSession, serverId: string, accountId: string) =>
  s.call('POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: serverId,
    account_id: accountId,
  });

/**
 * Sets a server up as its owner would, through HTTP: optionally Sync servers first, then the
 * nickname, the Verified role and the group steps; any answer but 200 fails the test.
 */
export async function setUpServerAs(
  owner: HttpSession,
  guildId: string,
  choices: { nickname_format?: string; group?: object; syncFirst?: boolean } = {},
): Promise<void> {
  const {
    nickname_format = 'roblox_username',
    group = { skip: true },
    syncFirst = false,
  } = choices;
  const ok = async (path: string, body?: unknown) => {
    const res = await owner.call('POST', path, body);
    if (res.status !== 200)
      throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  };
  if (syncFirst) await ok('/api/v1/dashboard/user/sync-servers');
  const base = `/api/v1/server/${guildId}/setup`;
  await ok(`${base}/nickname`, { nickname_format });
  await ok(`${base}/verified-role`, { verified_role_name: 'Verified' });
  await ok(`${base}/group`, group);
}

/**
 * Links a Roblox account to the signed-in `s` through the emulator's consent page, as a browser
 * would; fails unless the API lands on its success page. Answers the linked account's id.
 */
export async function linkRobloxThroughEmulator(
  stack: Stack,
  s: HttpSession,
  robloxUserId: string | number,
): Promise<string> {
  const url = (await s.call('GET', '/roblox/auth-url')).json.data.auth_url;
  const landing = await consentInto(stack, s, url, { user_id: String(robloxUserId) });
  if (landing.search !== '?code=success&state=linked')
    throw new Error(`linking ${robloxUserId} failed: ${landing.toString()}`);
  const accounts = (await s.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data;
  return accounts.find((a: { roblox_id: string }) => a.roblox_id === String(robloxUserId)).id;
}

/** The application (and bot user) of the test seed. */
export const APPLICATION_ID = '100000000000000001';

/**
 * A call to the emulator's Discord API (`/api/v10` + `path`) as the bot, with its token and user
 * agent: what Discord holds changed behind the API's back, or read without it.
 */
export function callDiscordAsBot(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${stack.emulator.url}/api/v10${path}`, {
    method,
    headers: {
      authorization: 'Bot emulator-bot-token',
      'user-agent': DISCORD_USER_AGENT,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function emulatorState(stack: Stack) {
  return (await fetch(`${stack.emulator.url}/__emulator/state`)).json() as Promise<any>;
}

/**
 * An interaction as Discord sends it, through the emulator (which signs it): a slash command
 * (`command`, `options`) or a button press (`custom_id`). Answers the emulator's record of the
 * exchange (`json.status` is the API's HTTP status) and the message the API answered with: the
 * reply itself (type 4) or the edit after "thinking" (type 5).
 */
export async function sendInteraction(stack: Stack, interaction: object) {
  const res = await fetch(`${stack.emulator.url}/__emulator/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(interaction),
  });
  expect(res.status).toBe(200);
  const json = (await res.json()) as any;
  // A deferred reply (type 5, when the answer takes a while, as on a loaded machine) is made
  // ephemeral by the deferral itself; its later edit carries the content, not the flags.
  const message =
    json.response?.type === 5
      ? { ...json.edits[0], flags: json.response.data?.flags }
      : json.response?.data;
  return { json, message };
}

/** A message as the emulator holds it in a channel. */
export interface EmulatorMessage {
  id: string;
  content: string;
  embeds: { title?: string; description?: string; fields?: { name: string }[] }[];
  components: { components: { label: string }[] }[];
  edited_at?: string;
}

/**
 * What the emulator holds of one channel of a server now, its messages among the rest (typed as
 * `Message` where a test names what it reads of them).
 */
export async function emulatorChannel<Message = any>(
  stack: Stack,
  guildId: string,
  channelId: string,
) {
  const guild = (await emulatorState(stack)).discord.guilds.find(
    (g: { id: string }) => g.id === guildId,
  );
  return guild.channels.find((c: { id: string }) => c.id === channelId) as {
    messages: Message[];
    [field: string]: any;
  };
}

/** What the emulator holds of one member of a server now (`roles`, `nick`, …). */
export async function emulatorMember(stack: Stack, guildId: string, userId: string) {
  const guild = (await emulatorState(stack)).discord.guilds.find(
    (g: { id: string }) => g.id === guildId,
  );
  return guild.members.find((m: { user_id: string }) => m.user_id === userId);
}

/** The test seed with one server's channels (`type` as Discord's: 0 text, 2 voice, 4 category, 5 news). */
export function seedWithChannels(
  guildId: string,
  channels: { id: string; name: string; type: number }[],
): Seed {
  const seed = structuredClone(testSeed) as Seed;
  seed.discord.guilds.find((g) => g.id === guildId)!.channels = channels;
  return seed;
}

export async function addFaults(stack: Stack, faults: object[]) {
  const res = await fetch(`${stack.emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (res.status !== 200) throw new Error(`faults refused: ${await res.text()}`);
}
