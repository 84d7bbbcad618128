#!/usr/bin/env node
// API benchmark (docs/performance.md › How to measure): GET /api/v1/dashboard/user/servers on the COMPILED API at a fixed
// 1,000 requests a second, beside a bare Fastify route measured in the same run, on PGlite and,
// when PostgreSQL answers on 127.0.0.1:5432, on PostgreSQL (a throw-away schema).
//
// Everything runs on free ports with a throw-away data folder: the emulator (demo seed), the API
// (`api/dist/main.js`, built when missing or older than its sources), and the bare Fastify app
// (api-bare.mjs). A user signs in through the real flow (Discord URL → emulator consent →
// callback), which also stores their servers; the route is then called with their token at a
// steady rate (steadyLoad.mjs), in windows that take turns with the bare route's (measureInTurns).
// On PGlite the route is then also called through a shell server's /_api, as browsers call it,
// in turns with the API called directly (benchThroughShell), and through nginx with
// deploy/nginx/roconnect.conf over HTTPS with HTTP/2, as browsers call it in production
// (benchThroughNginx).
//
// `node bench/lib/api.mjs` prints the rows as a table; bench/bench.mjs runs it with
// `--json <file>` in a process of its own and reads the rows.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import stack from '@roconnect/tools/stack';
import { localhostCertificate } from '@roconnect/tools/origin/httpsIngress';
import { startNginx } from '@roconnect/tools/origin/nginxOrigin';
import { memoryMonitorRow } from './memoryMonitor.mjs';
import { cpuMs, residentMemoryMb } from './processStats.mjs';
import { median } from './stats.mjs';
import { registerRedirectUri } from './registerRedirect.mjs';
import { apiAddressesAndSecrets } from './apiEnv.mjs';
import { spawnNode, stopChild } from './nodeProcess.mjs';
import { signInThroughConsent } from './signIn.mjs';
import { steadyLoad } from './steadyLoad.mjs';
import { steadyLoadH2 } from './steadyLoadH2.mjs';

const { freePort } = stack;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API_DIST = path.join(ROOT, 'api', 'dist', 'main.js');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROUTE = '/api/v1/dashboard/user/servers';
const DEMO_USER = '200000000000000001'; // demo_user in emulator/seeds/demo.json, manages 3 servers
const RATE = 1000;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
/** measured windows per route; each figure is the median window's (see measureInTurns) */
const WINDOWS = 3;
const CONNECTIONS = 20;

/** Newest modification time under `target` (a file or a folder walked recursively), in ms. */
function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds api/dist/main.js with api/build.mjs when it is missing or older than what goes into it. */
export function ensureApiBuild(log = () => undefined) {
  const built = statSync(API_DIST, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(
    ...['api/src', 'api/build.mjs', 'api/package.json', 'shared-lib/src/contract'].map((p) =>
      newestMtime(path.join(ROOT, p)),
    ),
  );
  if (built > sources) return false;
  log('api: building dist/main.js (missing or stale)');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'api', 'build.mjs')], {
    cwd: path.join(ROOT, 'api'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`api/build.mjs failed with ${result.status}`);
  return true;
}

async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts `args` with node; resolves once `readyUrl` answers. Output goes to `logFile`. */
export async function startNode(args, { env, readyUrl, logFile }) {
  const child = spawnNode(args, { env, logFile });
  try {
    await waitForHttp(readyUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message} (see ${logFile})`);
  }
  return { child, stop: () => stopChild(child) };
}

/** Signs DEMO_USER in as a browser would and returns their access token. */
export const signIn = (api) => signInThroughConsent(api, DEMO_USER, { openConsentPage: true });

/** RATE req/s, evenly spread, for `seconds` against `url` (steadyLoad.mjs says why not autocannon). */
function atRate(url, headers, seconds) {
  return steadyLoad({ url, headers, rate: RATE, seconds, connections: CONNECTIONS });
}

/** `endpoint` under load for `seconds`: its own `load` (HTTP/2) when it has one, else atRate. */
const loadOf = (endpoint, seconds) =>
  (endpoint.load ?? atRate)(endpoint.url, endpoint.headers, seconds);

/** CPU time of the endpoint's processes (`pid`: one, or a function naming several), or null. */
function endpointCpuMs({ pid }) {
  const pids = typeof pid === 'function' ? pid() : [pid];
  const times = pids.map(cpuMs);
  return times.includes(null) ? null : times.reduce((sum, t) => sum + t, 0);
}

/**
 * One measured window. Latency depends on what else the machine runs; the server's CPU time per
 * request does much less, so that is taken too.
 */
async function measureWindow(endpoint) {
  const cpuBefore = endpointCpuMs(endpoint);
  const load = await loadOf(endpoint, MEASURE_SECONDS);
  const cpuAfter = endpointCpuMs(endpoint);
  return { ...load, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}

/** The windows of one route as one figure: median latencies, every error, the slowest rate. */
function summarise(windows) {
  const total = windows.reduce((sum, w) => sum + w.total, 0);
  const cpu = windows.some((w) => w.cpu === null)
    ? null
    : windows.reduce((sum, w) => sum + w.cpu, 0);
  return {
    errors: windows.reduce((sum, w) => sum + w.errors, 0),
    p50: median(windows.map((w) => w.p50)),
    p99: median(windows.map((w) => w.p99)),
    rps: Math.min(...windows.map((w) => w.rps)),
    cpuPerRequest: cpu === null || total === 0 ? null : cpu / total,
  };
}

/**
 * Both routes warmed up, then WINDOWS measured windows of each, taking turns (bare, API, bare,
 * …), so the machine's drift during the run falls on both; each figure is the median window's.
 */
async function measureInTurns(bare, api, log, names = ['bare', 'API']) {
  await loadOf(bare, WARMUP_SECONDS);
  await loadOf(api, WARMUP_SECONDS);
  const bareWindows = [];
  const apiWindows = [];
  for (let i = 1; i <= WINDOWS; i += 1) {
    const b = await measureWindow(bare);
    const a = await measureWindow(api);
    bareWindows.push(b);
    apiWindows.push(a);
    log(
      `  window ${i}/${WINDOWS}: ${names[0]} p50 ${ms(b.p50)}, p99 ${ms(b.p99)}; ` +
        `${names[1]} p50 ${ms(a.p50)}, p99 ${ms(a.p99)}, ${a.errors} errors, ` +
        `${a.rps.toFixed(0)} req/s`,
    );
  }
  return { b: summarise(bareWindows), a: summarise(apiWindows) };
}

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function dropSchemas(schema) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  } finally {
    await client.end();
  }
}

const ms = (n) => `${Number.isInteger(n) ? n : n.toFixed(2)} ms`;
/** CPU time per request, or n/a where /proc could not be read. */
const perRequest = (cpu) => (cpu === null ? 'n/a' : `${cpu.toFixed(3)} ms`);
const megabytes = (mb) => (mb === null ? 'n/a' : `${mb.toFixed(0)} MB`);

/** What a browser sends beside its token: it takes compressed answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * The shell's server in front of `api`, as browsers reach the API (shell/server/apiProxy.ts),
 * with a stand-in page folder: only its /_api is measured.
 */
async function startShellProxy({ api, workDir }) {
  const distDir = path.join(workDir, 'shell-proxy');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>RoConnect</title>');
  writeFileSync(path.join(distDir, 'remotes.json'), '{}');
  writeFileSync(path.join(distDir, 'config.json'), JSON.stringify({ apiBaseUrl: '/_api' }));
  const port = await freePort();
  const shell = await startNode([path.join(ROOT, 'shell/dist-server/server.mjs')], {
    env: { PORT: String(port), SHELL_DIST_DIR: distDir, API_UPSTREAM: api },
    readyUrl: `http://127.0.0.1:${port}/remotes.json`,
    logFile: path.join(workDir, 'shell-proxy.log'),
  });
  return { ...shell, apiBase: `http://127.0.0.1:${port}/_api` };
}

/** A proxy's rows beside the API called directly: latency and errors, and its CPU per request. */
function proxyRows(section, cpuFigure, { direct, proxied }) {
  return [
    {
      section,
      figure: `p50 / p99 latency, errors (median of ${WINDOWS} windows)`,
      value: `${ms(proxied.p50)} / ${ms(proxied.p99)}, ${proxied.errors} errors`,
      baseline: `the API directly: ${ms(direct.p50)} / ${ms(direct.p99)}, ${direct.errors} errors`,
    },
    {
      section,
      figure: cpuFigure,
      value: perRequest(proxied.cpuPerRequest),
      baseline: `the API's, called directly: ${perRequest(direct.cpuPerRequest)}`,
    },
  ];
}

/**
 * The route called as the dashboard calls it, through the shell's /_api, in turns with the API
 * called directly, both with a browser's headers: what the proxy adds.
 */
async function benchThroughShell({ label, api, token, serverPid, workDir, log }) {
  const shell = await startShellProxy({ api, workDir });
  try {
    log(`api (${label}): ${ROUTE} directly and through the shell's /_api, taking turns`);
    const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
    const { b: direct, a: proxied } = await measureInTurns(
      { url: `${api}${ROUTE}`, headers, pid: serverPid },
      { url: `${shell.apiBase}${ROUTE}`, headers, pid: shell.child.pid },
      log,
      ['direct', "shell's /_api"],
    );
    return proxyRows(
      `API · ${label} · through the shell's /_api`,
      "the shell server's CPU per request",
      { direct, proxied },
    );
  } finally {
    await shell.stop();
  }
}

/**
 * The route as browsers call it in production: through nginx with deploy/nginx/roconnect.conf
 * (`/_api/` straight to the API), over HTTPS with HTTP/2 on one kept-alive connection, in turns
 * with the API called directly. Goal: p99 ≤ 1.5 × direct (docs/performance.md › Where it stands).
 */
async function benchThroughNginx({ label, api, token, serverPid, workDir, log }) {
  const dir = path.join(workDir, 'nginx');
  const remotesDir = path.join(workDir, 'nginx-remotes');
  mkdirSync(dir);
  mkdirSync(remotesDir);
  const { cert, key } = await localhostCertificate();
  const nginx = await startNginx({
    dir,
    apiAddress: new URL(api).host,
    // only /_api is measured: no shell behind it
    shellAddress: '127.0.0.1:9',
    remotesDir,
    cert,
    key,
  });
  try {
    log(`api (${label}): ${ROUTE} directly and through nginx (HTTPS, HTTP/2), taking turns`);
    const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
    const { b: direct, a: proxied } = await measureInTurns(
      { url: `${api}${ROUTE}`, headers, pid: serverPid },
      {
        url: `${nginx.origin}/_api${ROUTE}`,
        headers,
        pid: () => [nginx.pid, ...nginx.workerPids()],
        load: (url, h, seconds) => steadyLoadH2({ url, headers: h, rate: RATE, seconds, ca: cert }),
      },
      log,
      ['direct', 'nginx'],
    );
    const section = `API · ${label} · through nginx (HTTPS, HTTP/2)`;
    const ratio = direct.p99 > 0 ? proxied.p99 / direct.p99 : Infinity;
    const goal = proxied.errors === 0 && ratio <= 1.5;
    return [
      ...proxyRows(section, "nginx's CPU per request (master and workers)", { direct, proxied }),
      {
        section,
        figure: 'goal: 0 errors, p99 ≤ 1.5 × direct',
        value: `${goal ? 'met' : 'not met'} (${ratio.toFixed(2)}×)`,
        baseline: `p99 ≤ ${ms(1.5 * direct.p99)}`,
      },
    ];
  } finally {
    await nginx.stop();
  }
}

/** One database: the bare route and the API route, in turns, as rows. */
async function benchDatabase({ label, workDir, emulatorUrl, database, log, throughShell }) {
  const dataDir = path.join(workDir, `api-${label.toLowerCase()}`);
  const apiPort = await freePort();
  const api = `http://127.0.0.1:${apiPort}`;
  log(`api (${label}): starting the compiled API on ${api}`);
  // as npm start runs it (@roconnect/tools/stack): PGlite's WebAssembly by V8's baseline compiler,
  // a small young generation
  const server = await startNode([...stack.API_NODE_FLAGS, API_DIST], {
    env: {
      NODE_ENV: 'development',
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: 'http://127.0.0.1:8080',
      ...apiAddressesAndSecrets({ apiUrl: api, emulatorUrl }),
      LOG_LEVEL: 'info',
      ...database,
    },
    readyUrl: `${api}/api/health`,
    logFile: path.join(workDir, `api-${label.toLowerCase()}.log`),
  });
  await registerRedirectUri(emulatorUrl, api);
  const bareLog = path.join(workDir, `bare-${label.toLowerCase()}.log`);
  const barePort = await freePort();
  const bare = await startNode([path.join(ROOT, 'bench/lib/api-bare.mjs')], {
    env: { PORT: String(barePort) },
    readyUrl: `http://127.0.0.1:${barePort}/bare`,
    logFile: bareLog,
  });
  try {
    const token = await signIn(api);
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`${api}${ROUTE}`, { headers });
    const body = await check.json();
    if (check.status !== 200 || !Array.isArray(body.data))
      throw new Error(`${ROUTE} answered ${check.status}: ${JSON.stringify(body)}`);
    log(`api (${label}): signed in; the route lists ${body.data.length} servers`);
    log(
      `api (${label}): bare Fastify and ${ROUTE} at ${RATE} req/s: ${WARMUP_SECONDS} s warm-up ` +
        `each, then ${WINDOWS} windows of ${MEASURE_SECONDS} s each, taking turns`,
    );
    const { b, a } = await measureInTurns(
      { url: `http://127.0.0.1:${barePort}/bare`, headers: {}, pid: bare.child.pid },
      { url: `${api}${ROUTE}`, headers, pid: server.child.pid },
      log,
    );
    // after the load: what the process holds while it serves (PGlite's WASM memory is most of it)
    const memory = {
      api: residentMemoryMb(server.child.pid),
      bare: residentMemoryMb(bare.child.pid),
    };
    const via = { label, api, token, serverPid: server.child.pid, workDir, log };
    const viaShell = throughShell
      ? [...(await benchThroughShell(via)), ...(await benchThroughNginx(via))]
      : [];
    const section = `API · ${label}`;
    const goal = a.errors === 0 && a.p50 <= 2 && a.p99 <= 1.5 * b.p99 && a.rps >= RATE * 0.98;
    return [
      {
        section,
        figure: 'achieved req/s (asked 1,000; slowest window)',
        value: a.rps.toFixed(0),
        baseline: b.rps.toFixed(0),
      },
      {
        section,
        figure: 'errors (incl. non-2xx, timeouts)',
        value: String(a.errors),
        baseline: String(b.errors),
      },
      {
        section,
        figure: `p50 latency (median of ${WINDOWS} windows)`,
        value: ms(a.p50),
        baseline: ms(b.p50),
      },
      {
        section,
        figure: `p99 latency (median of ${WINDOWS} windows)`,
        value: ms(a.p99),
        baseline: ms(b.p99),
      },
      {
        section,
        figure: 'server CPU per request',
        value: perRequest(a.cpuPerRequest),
        baseline: perRequest(b.cpuPerRequest),
      },
      {
        section,
        figure: 'resident memory after the load',
        value: megabytes(memory.api),
        baseline: megabytes(memory.bare),
      },
      {
        section,
        figure: 'goal: 0 errors, p50 ≤ 2 ms, p99 ≤ 1.5 × bare',
        value: goal ? 'met' : 'not met',
        baseline: `p99 ≤ ${ms(1.5 * b.p99)}`,
      },
      ...viaShell,
    ];
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
  }
}

/**
 * Rows: `value` is GET /api/v1/dashboard/user/servers on the compiled API, `baseline` a bare
 * Fastify route measured just before it in the same run.
 */
export async function benchApi({ log = console.log } = {}) {
  ensureApiBuild(log);
  const workDir = mkdtempSync(path.join(tmpdir(), 'roconnect-bench-api-'));
  const emulatorPort = await freePort();
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  stack.ensureBuilt(stack.BUILDS.emulator);
  const emulator = await startNode([path.join(ROOT, 'emulator/dist/main.js')], {
    env: { EMULATOR_PORT: String(emulatorPort), EMULATOR_PUBLIC_URL: emulatorUrl },
    readyUrl: `${emulatorUrl}/__emulator/state`,
    logFile: path.join(workDir, 'emulator.log'),
  });
  const rows = [
    {
      section: 'API',
      figure: 'machine: cores, load average (1 min) at start',
      value: `${os.cpus().length}, ${os.loadavg()[0].toFixed(1)}`,
      baseline: '',
    },
    memoryMonitorRow(),
  ];
  let failed = false;
  try {
    rows.push(
      // through the shell's /_api and nginx on PGlite only, the database `npm start` runs
      ...(await benchDatabase({
        label: 'PGlite',
        workDir,
        emulatorUrl,
        database: {},
        log,
        throughShell: true,
      })),
    );
    if (await postgresAnswers()) {
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      try {
        rows.push(
          ...(await benchDatabase({
            label: 'PostgreSQL',
            workDir,
            emulatorUrl,
            database: { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
            log,
          })),
        );
      } finally {
        await dropSchemas(schema);
      }
    } else {
      log(`api: PostgreSQL does not answer at ${POSTGRES_URL}; measured PGlite only`);
      rows.push({
        section: 'API · PostgreSQL',
        figure: 'not measured',
        value: 'no PostgreSQL on 127.0.0.1:5432',
        baseline: '',
      });
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await emulator.stop();
    // the logs stay when something failed, to read why
    if (!failed) rmSync(workDir, { recursive: true, force: true });
    else log(`api: logs kept in ${workDir}`);
  }
  return rows;
}

function printTable(rows) {
  const header = { section: 'section', figure: 'figure', value: 'value', baseline: 'bare Fastify' };
  const all = [header, ...rows];
  const width = (key) => Math.max(...all.map((r) => String(r[key]).length));
  const w = { section: width('section'), figure: width('figure'), value: width('value') };
  for (const r of all)
    console.log(
      `${r.section.padEnd(w.section)}  ${r.figure.padEnd(w.figure)}  ${r.value.padStart(w.value)}  ${r.baseline}`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--json <file>` writes the rows there instead of printing them (bench/bench.mjs reads them)
  const jsonAt = process.argv.indexOf('--json');
  const jsonFile = jsonAt === -1 ? null : process.argv[jsonAt + 1];
  if (jsonAt !== -1 && !jsonFile) {
    console.error('--json takes the file to write the rows to');
    process.exit(2);
  }
  benchApi({ log: (line) => console.error(line) }).then(
    (rows) => (jsonFile ? writeFileSync(jsonFile, JSON.stringify(rows)) : printTable(rows)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
