/**
 * `npm run doctor` against the emulator: it passes once the application is set up as
 * docs/production.md says, and names what is not (the Server Members intent, a wrong bot token,
 * the portal's URLs), with exit code 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { formatFindings, runDoctor } from '../../src/doctor/checks';
import { testSettings } from '../support/app';

jest.setTimeout(60_000);

const API_URL = 'http://localhost:3000';
const APP_URL = 'http://localhost:8080';
let emulator: RunningEmulator;

beforeEach(async () => {
  emulator = await startEmulator({ seed: structuredClone(testSeed) as Seed });
  // the portal as docs/production.md › The Discord application sets it up for this deployment
  await portal({
    interactions_endpoint_url: `${API_URL}/api/interactions`,
    role_connections_verification_url: `${APP_URL}/`,
  });
});
afterEach(() => emulator.close());

async function portal(change: object) {
  const res = await fetch(`${emulator.url}/__emulator/application`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  if (res.status !== 200) throw new Error(`application: ${res.status} ${await res.text()}`);
}

const env = (more: Record<string, string> = {}) => ({
  EMULATOR_URL: emulator.url,
  EMULATOR_PUBLIC_URL: emulator.url,
  API_URL,
  APP_URL,
  ...more,
});
const doctor = async (more?: Record<string, string>) =>
  runDoctor(testSettings(env(more)), { production: false });
const problems = (findings: Awaited<ReturnType<typeof doctor>>) =>
  findings.filter((f) => !f.ok).map((f) => f.message);

it('passes against an application set up for this deployment', async () => {
  const findings = await doctor();
  expect(problems(findings)).toEqual([]);
  expect(formatFindings(findings).split('\n')).toEqual([
    'ok: every URL is HTTPS or on this machine',
    expect.stringMatching(/^ok: the bot token is valid \(bot /),
    'ok: the Server Members intent is on',
    `ok: the redirect URI ${API_URL}/auth/callback is registered`,
    `ok: the interactions endpoint is ${API_URL}/api/interactions`,
    `ok: the Linked Roles verification URL is ${APP_URL}/`,
    'ok: Discord accepts DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET',
    'ok: Roblox’s OAuth app answers and accepts ROBLOX_CLIENT_ID and ROBLOX_CLIENT_SECRET',
  ]);
});

it('names the Server Members intent when it is off, with where to turn it on', async () => {
  await portal({ guild_members_intent: false });
  const [finding, ...others] = (await doctor()).filter((f) => !f.ok);
  expect(others).toEqual([]);
  expect(finding!.message).toMatch(/^the Server Members intent is off/);
  expect(finding!.fix).toBe(
    'Developer Portal → Bot → Privileged Gateway Intents → turn on Server Members Intent',
  );
});

it('names a bot token Discord refuses, and stops there', async () => {
  const findings = await doctor({
    DISCORD_BOT_TOKEN: 'not-the-bot-token',
    DISCORD_PUBLIC_KEY: '1'.repeat(64),
  });
  expect(problems(findings)).toEqual([
    'Discord refuses DISCORD_BOT_TOKEN (401): the token is wrong or was reset',
  ]);
});

it('names portal URLs that point elsewhere, an unregistered redirect URI and wrong client secrets', async () => {
  await portal({
    redirect_uris: ['https://elsewhere.example/auth/callback'],
    interactions_endpoint_url: null,
    role_connections_verification_url: 'https://elsewhere.example/',
  });
  const found = problems(
    await doctor({
      DISCORD_CLIENT_SECRET: 'wrong-secret',
      ROBLOX_CLIENT_SECRET: 'wrong-secret',
      DISCORD_PUBLIC_KEY: '0'.repeat(64),
    }),
  );
  expect(found).toEqual([
    `the redirect URI ${API_URL}/auth/callback is not registered: sign-in and the bot invite are refused`,
    `the interactions endpoint is not set, not this deployment's ${API_URL}/api/interactions`,
    `the Linked Roles verification URL is https://elsewhere.example/, not this deployment's ${APP_URL}/`,
    'DISCORD_PUBLIC_KEY is not the application’s public key: every interaction is refused (401)',
    'Discord refuses DISCORD_CLIENT_ID / DISCORD_CLIENT_SECRET (invalid_client): sign-in fails',
    'Roblox refuses ROBLOX_CLIENT_ID / ROBLOX_CLIENT_SECRET (invalid_client): linking fails',
  ]);
});

it('asks for HTTPS on every address but this machine’s, and everywhere in production', async () => {
  const dev = problems(await doctor({ APP_URL: 'http://app.example' }));
  expect(dev[0]).toBe('APP_URL is not HTTPS: http://app.example');
  const prod = await runDoctor(testSettings(env()), { production: true });
  expect(problems(prod).filter((m) => m.includes('is not HTTPS'))).toEqual(
    expect.arrayContaining([`API_URL is not HTTPS: ${API_URL}`]),
  );
});

/** `npm run doctor` from the repository's root, as an operator runs it, with only `more` set. */
function runDoctorCommand(more: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', 'doctor'], {
    cwd: path.join(__dirname, '../../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-doctor-')),
      ...env(more),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 45_000,
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

it('npm run doctor exits 0 when all is well and 1 naming the intent when it is off', async () => {
  const good = await runDoctorCommand({});
  expect(good.stdout).toMatch(/^ok: the Server Members intent is on$/m);
  expect(good.code).toBe(0);
  await portal({ guild_members_intent: false });
  const bad = await runDoctorCommand({});
  expect(bad.stdout).toMatch(
    /^problem: the Server Members intent is off.* — fix: Developer Portal → Bot → Privileged Gateway Intents/m,
  );
  expect(bad.code).toBe(1);
});
