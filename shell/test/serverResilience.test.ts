/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildShellServer } from './serverTestHttp';

// The shell's production server as operators run it (built, its own Node process), files changed
// under it.
let SERVER: string;
const INDEX_HTML = `<!doctype html>
<html><head><title>RoConnect</title><script defer src="/main.js"></script></head>
<body><div id="root"></div></body></html>`;
const REMOTES = { mfe_public: 'http://localhost:1/mf-manifest.json' };
const CONFIG = { apiBaseUrl: 'http://localhost:3000' };

let tmp: string;
let remotesFile: string;
let configFile: string;
let child: ChildProcess;
let port: number;
let output = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`server did not come up:\n${output}`);
}

function get(pathname: string) {
  return fetch(`http://127.0.0.1:${port}${pathname}`);
}

function exited(): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-shell-resilience-'));
  SERVER = buildShellServer();
  fs.writeFileSync(path.join(tmp, 'index.html'), INDEX_HTML);
  remotesFile = path.join(tmp, 'remotes.json');
  configFile = path.join(tmp, 'config.json');
  port = await freePort();
  child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      SHELL_DIST_DIR: tmp,
      SHELL_REMOTES_FILE: remotesFile,
      SHELL_CONFIG_FILE: configFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForServer();
});
beforeEach(() => {
  fs.writeFileSync(remotesFile, JSON.stringify(REMOTES));
  fs.writeFileSync(configFile, JSON.stringify(CONFIG));
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(SERVER, { force: true });
});

describe.each([
  ['remotes.json', () => remotesFile, REMOTES],
  ['config.json', () => configFile, CONFIG],
])('%s under a running server', (name, file, content) => {
  it('deleted: the page still answers 200, the file 503 JSON naming it, the process stays up; restoring it recovers', async () => {
    fs.rmSync(file());

    const page = await get('/dashboard');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');

    const missing = await get(`/${name}`);
    expect(missing.status).toBe(503);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toMatchObject({ error: 'deploy_file_unavailable', file: name });
    // a second request, after the first one had every chance to crash it
    expect((await get(`/${name}`)).status).toBe(503);
    expect(child.exitCode).toBeNull();

    fs.writeFileSync(file(), JSON.stringify(content));
    const restored = await get(`/${name}`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual(content);
  });

  it.each([
    ['half-written', JSON.stringify(content).slice(0, 12)],
    ['malformed', '{"oops": }'],
    ['empty', ''],
  ])('%s: 503 JSON naming it, the page still loads, the process stays up', async (_case, text) => {
    fs.writeFileSync(file(), text);
    const broken = await get(`/${name}`);
    expect(broken.status).toBe(503);
    expect(await broken.json()).toMatchObject({ error: 'deploy_file_invalid', file: name });
    expect((await get('/')).status).toBe(200);
    expect(child.exitCode).toBeNull();
  });
});

it('answers a malformed request with 400 and keeps serving', async () => {
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
  expect(reply).toMatch(/^HTTP\/1\.1 400/);
  expect((await get('/')).status).toBe(200);
  expect(child.exitCode).toBeNull();
});

// last: it stops the server
it('closes gracefully on SIGTERM: exit code 0', async () => {
  expect((await get('/')).status).toBe(200);
  child.kill('SIGTERM');
  await expect(exited()).resolves.toBe(0);
  expect(output).toContain('SIGTERM received, closing');
});
