// The memory rows of `npm run bench` (docs/performance.md › Memory): `npm start` itself, as an
// operator runs it (npm, the launcher and every service it starts), on a throw-away data folder.
// Each process's resident memory is read from /proc after a fixed load (the servers read at
// 500 req/s through the shell's /_api, as the dashboard calls it, with the remotes' manifests and
// the shell's page beside it), with the total and the highest total seen from the start through
// that load; then a soak at the same rate, whose total must end within 10 % of where it stood
// after its first minute. The caller holds the e2e lock (npm start's fixed ports).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isPortOpen, processTree, REMOTES, ROOT, stackPorts } from '@roconnect/tools/stack';
import { residentMemoryMb } from './processStats.mjs';
import { signInThroughConsent } from './signIn.mjs';
import { steadyLoad } from './steadyLoad.mjs';

const ROUTE = '/api/v1/dashboard/user/servers';
const DEMO_USER = '200000000000000001'; // demo_user in emulator/seeds/demo.json, manages 3 servers
export const RATE = 500;
export const LOAD_SECONDS = 60;
export const SOAK_SECONDS = 300;
/** the soak's figure: its end within this fraction of where it stood after its first minute */
export const SOAK_TOLERANCE = 0.1;
const SETTLE_MS = 10_000;
const SAMPLE_MS = 250;
const CONNECTIONS = 20;
export const GOALS = { totalMb: 600, peakMb: 800, apiMb: 250 };

/** `--soak-seconds N`: the soak's length (300 unless given; shorter for the bench's own checks). */
export function soakSeconds(argv) {
  const index = argv.indexOf('--soak-seconds');
  if (index === -1) return SOAK_SECONDS;
  const value = argv[index + 1];
  if (!/^\d+$/.test(value ?? '') || Number(value) < 5 || Number(value) > 3600)
    throw Object.assign(
      new Error(
        `--soak-seconds takes the soak's length in seconds, a whole number from 5 to 3600 (got ${value === undefined ? 'nothing' : `"${value}"`}).`,
      ),
      { usage: true },
    );
  return Number(value);
}

/** What a process of the `npm start` tree is, from its command line. */
export function processName(argv) {
  const line = argv.join(' ');
  const names = [
    [/^(\/bin\/)?sh -c /, 'sh -c (a shell that only waits)'],
    [/api\/dist\/main\.js/, 'API'],
    [/api\/dist\/gateway\.js/, 'gateway worker'],
    [/emulator\/dist\/main\.js/, 'emulator'],
    [/server\/serve-remotes\.mjs/, "remotes' static server"],
    [/shell\/dist-server\/server\.mjs/, "shell's server"],
    [/scripts\/start\.mjs/, 'launcher (scripts/start.mjs)'],
    [/(^|\/)npm(-cli\.js)?( |$)/, 'npm'],
    [/(^|\/)tsx\b/, 'tsx'],
  ];
  return names.find(([pattern]) => pattern.test(line))?.[1] ?? line.slice(0, 60);
}

/** Each process under `rootPid` with its resident memory: `[{ pid, name, mb }]`. */
export function sampleTree(rootPid) {
  return processTree(rootPid)
    .map(({ pid, argv }) => ({ pid, name: processName(argv), mb: residentMemoryMb(pid) }))
    .filter((p) => p.mb !== null);
}

export const totalMb = (sample) => sample.reduce((sum, p) => sum + p.mb, 0);

/**
 * The soak's verdict from `[{ seconds, mb }]` samples: `settled` is the first sample at or after
 * `settleSeconds` (the first minute of a full soak), `end` the last; `met` when end is within
 * SOAK_TOLERANCE of settled, either way.
 */
export function soakVerdict(samples, settleSeconds) {
  const settledSample = samples.find((s) => s.seconds >= settleSeconds);
  const end = samples[samples.length - 1];
  if (!settledSample || !end || end.seconds <= settledSample.seconds)
    throw new Error(
      `The soak has no samples after its settling time (${settleSeconds} s) to compare.`,
    );
  const change = (end.mb - settledSample.mb) / settledSample.mb;
  return {
    settled: settledSample.mb,
    end: end.mb,
    change,
    met: Math.abs(change) <= SOAK_TOLERANCE,
  };
}

/** When the soak's memory counts as settled: after its first minute, or its first fifth if shorter. */
export const settleSecondsOf = (seconds) => Math.min(60, seconds / 5);

/** Samples `read()` every `everyMs` until stopped: `{ samples, stop }`, samples `{ seconds, ... }`. */
export function sampler(read, everyMs) {
  const started = Date.now();
  const samples = [];
  const take = () => samples.push({ seconds: (Date.now() - started) / 1000, ...read() });
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm start -- --no-build` on `dataDir`; `onSpawn(npm)` at once, and it resolves once it says it
 * runs, with its npm process.
 */
async function startNpmStart({ dataDir, logFile, onSpawn, timeoutMs = 300_000 }) {
  const fd = fs.openSync(logFile, 'a');
  const npm = spawn('npm', ['start', '--', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  onSpawn(npm);
  const deadline = Date.now() + timeoutMs;
  while (!fs.readFileSync(logFile, 'utf8').includes('RoConnect is running')) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      npm.kill('SIGTERM');
      throw new Error(`npm start did not come up (see ${logFile})`);
    }
    await sleep(250);
  }
  return npm;
}

/** Stops `npm start` as Ctrl+C would (its launcher closes every service) and waits for it. */
async function stopNpmStart(npm) {
  if (npm.exitCode !== null) return;
  const launcher = processTree(npm.pid).find(
    (p) => processName(p.argv) === 'launcher (scripts/start.mjs)',
  );
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  process.kill(launcher?.pid ?? npm.pid, 'SIGTERM');
  const timer = setTimeout(() => npm.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
  const ports = Object.values(stackPorts());
  const deadline = Date.now() + 10_000;
  for (const port of ports)
    while ((await isPortOpen(port)) && Date.now() < deadline) await sleep(100);
}

/** Signs DEMO_USER in through the shell's /_api as a browser would; returns their access token. */
const signInThroughShell = (shell) =>
  signInThroughConsent(shell, DEMO_USER, { apiPrefix: '/_api' });

/** The servers read at RATE through the shell, with the static files beside it, for `seconds`. */
async function stackLoad({ shell, ports, token, seconds }) {
  const statics = [
    `${shell}/`,
    ...Object.keys(REMOTES).map((name) => `http://127.0.0.1:${ports[name]}/mf-manifest.json`),
  ].map((url) => steadyLoad({ url, rate: 20, seconds, connections: 2 }));
  const [api, ...files] = await Promise.all([
    steadyLoad({
      url: `${shell}/_api${ROUTE}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
      rate: RATE,
      seconds,
      connections: CONNECTIONS,
    }),
    ...statics,
  ]);
  return { api, staticErrors: files.reduce((sum, f) => sum + f.errors, 0) };
}

const mb = (value) => `${value.toFixed(0)} MB`;
const msOf = (value) => `${value.toFixed(2)} ms`;

/** The rows: each process after the fixed load, the total, the peak, and the soak. */
export async function benchMemory({
  log = console.error,
  soak = SOAK_SECONDS,
  loadSeconds = LOAD_SECONDS,
} = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-bench-memory-'));
  const logFile = path.join(dir, 'npm-start.log');
  const ports = stackPorts();
  const shell = `http://localhost:${ports.shell}`;
  let npm;
  let peak;
  let soakSamples;
  let failed = false;
  try {
    log('memory: npm start -- --no-build on a fresh data folder');
    const startedAt = Date.now();
    // from npm's spawn on: the whole stack's highest total, start and load (the goal's "no moment")
    let npmPid = null;
    peak = sampler(() => ({ mb: npmPid ? totalMb(sampleTree(npmPid)) : 0 }), SAMPLE_MS);
    await startNpmStart({
      dataDir: path.join(dir, 'api'),
      logFile,
      onSpawn: (child) => {
        npm = child;
        npmPid = child.pid;
      },
    });
    log(`memory: running after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    const token = await signInThroughShell(shell);
    log(`memory: signed in; ${loadSeconds} s of the servers read at ${RATE} req/s`);
    const load = await stackLoad({ shell, ports, token, seconds: loadSeconds });
    const peakMb = Math.max(...peak.stop().map((s) => s.mb));
    await sleep(SETTLE_MS);
    const settled = sampleTree(npm.pid);
    log(`memory: soak, ${soak} s at ${RATE} req/s`);
    soakSamples = sampler(() => ({ mb: totalMb(sampleTree(npm.pid)) }), 5_000);
    const soakLoad = await stackLoad({ shell, ports, token, seconds: soak });
    const verdict = soakVerdict(soakSamples.stop(), settleSecondsOf(soak));
    const section = 'Memory · npm start';
    const api = settled.find((p) => p.name === 'API');
    const total = totalMb(settled);
    return [
      ...settled.map((p) => ({
        section,
        figure: `${p.name}, after the load`,
        value: mb(p.mb),
        baseline: p === api ? `goal ≤ ${GOALS.apiMb} MB` : '',
      })),
      {
        section,
        figure: 'the whole stack, after the load',
        value: mb(total),
        baseline: `goal ≤ ${GOALS.totalMb} MB`,
      },
      {
        section,
        figure: 'the whole stack, highest from the start through the load',
        value: mb(peakMb),
        baseline: `goal ≤ ${GOALS.peakMb} MB`,
      },
      {
        section,
        figure: `the load: servers read at ${RATE} req/s through the shell, ${loadSeconds} s (p50 / p99, errors)`,
        value: `${msOf(load.api.p50)} / ${msOf(load.api.p99)}, ${load.api.errors + load.staticErrors} errors`,
        baseline: '',
      },
      {
        section,
        figure: `soak: ${soak} s at ${RATE} req/s, the whole stack after ${settleSecondsOf(soak)} s → at the end`,
        value: `${mb(verdict.settled)} → ${mb(verdict.end)} (${(verdict.change * 100).toFixed(1)} %), ${soakLoad.api.errors + soakLoad.staticErrors} errors`,
        baseline: `goal: within ${SOAK_TOLERANCE * 100} %: ${verdict.met ? 'met' : 'not met'}`,
      },
    ];
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    peak?.stop();
    soakSamples?.stop();
    if (npm) await stopNpmStart(npm);
    if (failed) log(`memory: npm start's output kept in ${logFile}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}
