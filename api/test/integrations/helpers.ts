import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import type { IntegrationSettings } from '../../src/integrations/types';

export const IDS = {
  botUser: '100000000000000001',
  owner: '110000000000000001',
  member: '110000000000000002',
  noDms: '110000000000000003',
  mod: '110000000000000004',
  guildWithBot: '120000000000000001',
  guildNoBot: '120000000000000002',
  highRole: '130000000000000001',
  lowRole: '130000000000000002',
  group: '7001',
  robloxOwner: '501',
  robloxMember: '502',
  robloxOutsider: '503',
};

export async function startTestEmulator(): Promise<RunningEmulator> {
  return startEmulator({ seed: structuredClone(testSeed) as Seed });
}

/**
 * The hooks of a client test file: one emulator with the test seed for the file, reset before each
 * test and then handed (its settings) to `eachTest`, where the file makes its clients anew.
 * Declare it before the file's own hooks; read the emulator inside tests and hooks.
 */
export function useTestEmulator(
  eachTest?: (settings: IntegrationSettings, emulator: RunningEmulator) => unknown,
): RunningEmulator {
  let running: RunningEmulator | undefined;
  const current = () => {
    if (!running) throw new Error('the emulator is only there inside tests and hooks');
    return running;
  };
  beforeAll(async () => {
    running = await startTestEmulator();
  });
  afterAll(() => running?.close());
  beforeEach(async () => {
    current().app.emulator.reset();
    await eachTest?.(settingsFor(current().url), current());
  });
  return {
    get app() {
      return current().app;
    },
    get url() {
      return current().url;
    },
    close: () => current().close(),
  };
}

export function settingsFor(
  url: string,
  overrides: Partial<IntegrationSettings> = {},
): IntegrationSettings {
  return {
    discordApiBaseUrl: `${url}/api`,
    discordAuthorizeUrl: `${url}/oauth2/authorize`,
    discordClientId: '100000000000000001',
    discordClientSecret: 'emulator-discord-secret',
    discordBotToken: 'emulator-bot-token',
    discordRedirectUri: 'http://localhost:3000/auth/callback',
    robloxAuthorizeUrl: `${url}/oauth/v1/authorize`,
    robloxTokenUrl: `${url}/oauth/v1/token`,
    robloxUserInfoUrl: `${url}/oauth/v1/userinfo`,
    robloxGroupsBaseUrl: url,
    robloxThumbnailsBaseUrl: url,
    robloxUsersBaseUrl: url,
    robloxClientId: 'emulator-roblox-client',
    robloxClientSecret: 'emulator-roblox-secret',
    robloxRedirectUri: 'http://localhost:3000/roblox/callback',
    ...overrides,
  };
}

/** Opens an authorize URL the client built, then submits its consent form with `fields`; returns where it redirects. */
export async function consent(
  authorizeUrl: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<URL> {
  const page = await fetch(authorizeUrl, { headers: cookie ? { cookie } : {} });
  if (page.status !== 200)
    throw new Error(`consent page answered ${page.status}: ${await page.text()}`);
  const url = new URL(authorizeUrl);
  const body = new URLSearchParams(url.searchParams);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  const location = res.headers.get('location');
  if (!location)
    throw new Error(`consent answered ${res.status} without a redirect: ${await res.text()}`);
  return new URL(location);
}

export async function addFaults(emulator: RunningEmulator, faults: object[]): Promise<void> {
  const res = await fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (res.status !== 200) throw new Error(`faults refused: ${await res.text()}`);
}

export async function emulatorState(emulator: RunningEmulator) {
  return emulator.app.emulator.state();
}

/** resolves to the IntegrationError (or whatever) the promise rejects with */
export async function failure(promise: Promise<unknown>): Promise<{
  kind?: string;
  message: string;
  providerCode?: number;
  status?: number;
  provider?: string;
}> {
  try {
    await promise;
  } catch (error) {
    return error as { kind?: string; message: string };
  }
  throw new Error('expected the call to fail');
}
