import { consent } from '../integrations/helpers';
import type { FastifyInstance } from 'fastify';
import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { createIntegrations } from '../../src/integrations';
import { testSettings } from './app';

/** The API listening on a real port, wired to a real emulator (both on 127.0.0.1, port 0). */
export interface Stack {
  emulator: RunningEmulator;
  app: FastifyInstance;
  api: string;
  close(): Promise<void>;
}

export async function startStack(
  database: Database,
  seed: Seed = structuredClone(testSeed) as Seed,
  /** more settings, e.g. a provider URL that points elsewhere */
  env: Record<string, string> = {},
): Promise<Stack> {
  const emulator = await startEmulator({
    seed,
    publicUrl: 'http://127.0.0.1',
  });
  const settings = testSettings({
    EMULATOR_URL: emulator.url,
    EMULATOR_PUBLIC_URL: emulator.url,
    API_URL: 'http://localhost:3000',
    ...env,
  });
  const integrations = createIntegrations(settings.integrations, {
    http: { retries: 1, timeoutMs: 5000 },
    bot: { retries: 1, timeoutMs: 5000 },
  });
  const app = await buildApp({ settings, integrations, database, logger: false, jobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    emulator,
    app,
    api,
    close: async () => Promise.all([app.close(), emulator.close()]).then(() => undefined),
  };
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

export async function loginThroughEmulator(
  stack: Stack,
  discordUserId: string,
): Promise<HttpSession & { refresh: string }> {
  const browser = httpSession(stack);
  const { json } = await browser.call('GET', '/auth/discord-url');
  const back = await consent(json.data.auth_url, { user_id: discordUserId });
  const landing = await followIntoApi(stack, back, browser.jar.cookie);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  const access = fragment.get('access_token');
  if (!access) throw new Error(`login failed: ${landing.toString()}`);
  return { ...httpSession(stack, access, browser.jar), refresh: fragment.get('refresh_token')! };
}

export async function emulatorState(stack: Stack) {
  return (await fetch(`${stack.emulator.url}/__emulator/state`)).json() as Promise<any>;
}

export async function addFaults(stack: Stack, faults: object[]) {
  const res = await fetch(`${stack.emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (res.status !== 200) throw new Error(`faults refused: ${await res.text()}`);
}
