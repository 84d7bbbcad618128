/**
 * The API behind an ingress and the shell's `/_api` (docs/production.md › The web app: shell and
 * remotes), both real: the shell's TRUST_PROXY names the ingress, the API's names the shell. Each
 * browser keeps its own sign-in limit, a client cannot choose its address, and the API's internals
 * are not on the web origin (N2, N6).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testSettings } from '../support/app';
import { openTestDatabase, truncateAll, type TestDatabase } from '../support/db';
import { createFakeIntegrations } from '../support/fake-integrations';
import { completeSetup, linkRoblox, loginAs } from '../support/fake-login';
import { MAX_AS_PETE } from '../support/server-config';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE, standardWorld } from '../support/world';

interface ShellServerModule {
  createShellServer(options: {
    distDir: string;
    remotesFile: string;
    configFile: string;
    apiUpstream?: string;
    trustProxy?: boolean | string;
  }): http.Server;
}
const SHELL_SERVER = '../../../shell/server/server';

// Every hop is on this machine: 127.0.0.2 stands for the ingress (another address than the shell's
// and the direct client's 127.0.0.1). The shell reaches the API from 127.0.0.1.
const INGRESS = '127.0.0.2';
const SHELL = '127.0.0.1';

let tdb: TestDatabase;
let dist: string;
let api: FastifyInstance | undefined;
let shell: http.Server | undefined;
let shellPort: number;

beforeAll(async () => {
  tdb = await openTestDatabase();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-shell-proxy-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head></html>');
  fs.writeFileSync(path.join(dist, 'remotes.json'), '{}');
  fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify({ apiBaseUrl: '/_api' }));
});
afterAll(async () => {
  await tdb.cleanup();
  fs.rmSync(dist, { recursive: true, force: true });
});
afterEach(async () => {
  await new Promise((resolve) => (shell ? shell.close(resolve) : resolve(undefined)));
  await api?.close();
  shell = api = undefined;
});

/** The API (with `apiEnv` over the defaults) and the shell's server in front of it. */
async function start(shellTrustProxy: string | false, apiEnv: Record<string, string> = {}) {
  await truncateAll(tdb.database);
  api = await createTestApp(
    tdb.database,
    createFakeIntegrations(standardWorld()),
    testSettings({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: SHELL, ...apiEnv }),
  );
  await api.listen({ port: 0, host: '127.0.0.1' });
  const { createShellServer } = (await import(SHELL_SERVER)) as ShellServerModule;
  shell = createShellServer({
    distDir: dist,
    remotesFile: path.join(dist, 'remotes.json'),
    configFile: path.join(dist, 'config.json'),
    apiUpstream: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
    trustProxy: shellTrustProxy,
  });
  await new Promise<void>((resolve) => shell!.listen(0, '127.0.0.1', resolve));
  shellPort = (shell.address() as AddressInfo).port;
}

/** GET through the shell from `from` (the ingress or a client), with its X-Forwarded-For. */
function get(pathname: string, from: string, forwardedFor?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: shellPort,
          path: pathname,
          localAddress: from,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });
}

const signInStart = (from: string, forwardedFor?: string) =>
  get('/_api/auth/discord-url', from, forwardedFor);

it('two browsers behind the ingress have separate sign-in limits', async () => {
  await start(INGRESS);
  const codes = [];
  // the ingress appends the address it saw; the first browser runs out, the second still signs in
  for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2'])
    codes.push(await signInStart(INGRESS, client));
  expect(codes).toEqual([200, 200, 429, 200]);
});

it('a browser that forges X-Forwarded-For through the ingress spends only its own limit', async () => {
  await start(INGRESS);
  const codes = [];
  // the ingress appends the forger's real address after whatever it sent
  for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
    codes.push(await signInStart(INGRESS, `${forged}, 198.51.100.1`));
  codes.push(await signInStart(INGRESS, '198.51.100.2'));
  expect(codes).toEqual([200, 200, 429, 200]);
});

it('a client that reaches the shell without the trusted ingress cannot choose its address', async () => {
  await start(INGRESS);
  const codes = [];
  for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
    codes.push(await signInStart(SHELL, forged));
  expect(codes).toEqual([200, 200, 429]);
});

it("/_api/metrics and the OpenAPI document are not on the web origin, the API's public routes are", async () => {
  await start(INGRESS);
  expect(await get('/_api/metrics', INGRESS)).toBe(404);
  expect(await get('/_api/api/docs/openapi.json', INGRESS)).toBe(404);
  // the API itself still serves its document to whoever reaches it directly
  expect((await api!.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(
    200,
  );
  expect(await get('/_api/api/health', INGRESS)).toBe(200);
  expect(await get('/_api/api/bot-stats', INGRESS)).toBe(200);
  expect(await get('/_api/auth/me', INGRESS)).toBe(401);
});

it("the developer API answers through the shell's /_api: its OpenAPI document and a call with a server's key", async () => {
  // API_URL as docs/production.md sets it for one origin: the address the Developers page shows
  await start(INGRESS, { AUTH_RATE_LIMIT_MAX: '20', API_URL: 'https://app.test/_api' });
  const base = `http://127.0.0.1:${shellPort}/_api/api/public/v1`;

  const document = await fetch(`${base}/openapi.json`);
  expect(document.status).toBe(200);
  const openapi = (await document.json()) as { servers: { url: string }[]; paths: object };
  expect(openapi.servers).toEqual([{ url: 'https://app.test/_api' }]);
  expect(Object.keys(openapi.paths)).toContain(
    '/api/public/v1/servers/{server_id}/members/{discord_id}',
  );

  // Max verifies himself in Olivia's server; Olivia makes a key for it
  const olivia = await loginAs(api!, OLIVIA);
  const max = await loginAs(api!, MAX);
  await completeSetup(api!, olivia, GUILD_A, { group_id: GROUP });
  await linkRoblox(api!, max, PETE);
  const [account] = (
    await api!.inject({
      method: 'GET',
      url: '/api/v1/dashboard/user/linked-accounts',
      headers: max.headers,
    })
  ).json().data as { id: string }[];
  const verified = await api!.inject({
    method: 'POST',
    url: '/api/v1/dashboard/bot/verify-in-server',
    headers: max.headers,
    payload: { server_id: GUILD_A, account_id: account!.id },
  });
  expect(verified.statusCode).toBe(200);
  const created = await api!.inject({
    method: 'POST',
    url: `/api/v1/server/${GUILD_A}/api-keys`,
    headers: olivia.headers,
    payload: { name: 'Game server' },
  });
  const { key } = created.json().data as { key: string };

  const member = await fetch(`${base}/servers/${GUILD_A}/members/${MAX}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(member.status).toBe(200);
  expect(member.headers.get('x-ratelimit-limit')).toBeTruthy();
  expect(await member.json()).toEqual({ success: true, data: MAX_AS_PETE });
  // the key's own check, not the shell's, refuses a call without one
  const keyless = await fetch(`${base}/servers/${GUILD_A}/members/${MAX}`);
  expect(keyless.status).toBe(401);
  expect(((await keyless.json()) as { error: string }).error).toBe('missing_api_key');
});
