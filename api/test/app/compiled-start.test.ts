import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILDS, ensureBuilt } from '@roconnect/tools/stack';

// `npm start -w @roconnect/api` runs dist/main.js: build it if needed, start it the way an operator
// would (from another folder, with only the environment given) and stop it with SIGTERM.
const API_DIR = path.join(__dirname, '..', '..');
const MAIN = path.join(API_DIR, 'dist/main.js');
const REQUIRED = [
  'JWT_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'DISCORD_CLIENT_ID',
  'DISCORD_CLIENT_SECRET',
  'DISCORD_BOT_TOKEN',
];

const children = new Set<ChildProcess>();
const dirs: string[] = [];

function tmp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'roconnect-compiled-'));
  dirs.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts dist/main.js with exactly `env` (plus PATH), in `cwd`. */
function startCompiled(env: Record<string, string>, cwd: string): Started {
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => out, exited };
}

/** The address from Fastify's "Server listening at …" log line (PORT=0 picks a free port). */
async function listeningAt(started: Started, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(started.output());
    if (match) return match[1]!;
    if (started.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`the API did not start:\n${started.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Built when older than its sources, under the lock the stack runner's builds take: `npm start`'s
// test (tools/test/start.test.ts) may run beside this one (scripts/test.mjs) and start dist/main.js,
// which a second build would empty under it.
beforeAll(() => {
  ensureBuilt(BUILDS.api, { timeoutMs: 120_000 });
  expect(existsSync(MAIN)).toBe(true);
}, 130_000);

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the compiled API (dist/main.js)', () => {
  it('starts on a fresh data folder, answers /api/health and exits 0 on SIGTERM', async () => {
    const dataDir = tmp();
    const started = startCompiled(
      { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      dataDir, // not api/: the migrations are found from the package, not the working folder
    );
    const origin = await listeningAt(started, 60_000);

    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({
      success: true,
      data: { status: 'ok', database: 'ok', redis: 'not_configured', jobs: 'ok', gateway: 'off' },
    });
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    // unpacked from the build's empty cluster (api/build.mjs), not made by initdb at this start
    expect(started.output()).toContain('a new PGlite database, made from the shipped cluster');

    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain('shutting down');
  }, 90_000);

  it('with NODE_ENV=production and no secrets, exits 1 naming each missing setting', async () => {
    const dataDir = tmp();
    const started = startCompiled(
      { NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      dataDir,
    );
    expect(await started.exited).toEqual({ code: 1, signal: null });
    const lines = started.output().split('\n');
    for (const name of REQUIRED) {
      expect(lines.filter((l) => l.includes(`${name} is not set`))).toHaveLength(1);
    }
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  }, 30_000);
});
