#!/usr/bin/env node
// npm test: everything CI runs, on a fresh clone. Installs what it needs, type-checks, lints (ESLint,
// the import rules of .dependency-cruiser.cjs, Prettier), builds the production bundles, runs every
// package's Jest suite and the Playwright suite in Chromium.
//
// On a 2-core machine it keeps both cores busy (docs/performance.md › CI): type-check, lint and the
// build side by side, then the API's Jest suite beside the other packages' suites. Each task's output is printed whole when it ends, under its name, and the run
// ends with every stage's seconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureChromium,
  ensureDependencies,
  ensureNginx,
  hasCommand,
  run,
} from '../tools/install/ensure.mjs';
import { isPortOpen } from '../tools/stack/index.cjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
/** each stage's seconds and how many cores it kept busy, for the closing summary */
const stages = [];
let current;

/** The machine's CPU milliseconds so far, busy and in all, summed over its cores. */
function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** `name`'s seconds, with the cores it kept busy on average: what is left to win by running side by side. */
function endStage(label) {
  const now = cpuTimes();
  const cores = os.cpus().length;
  const busyCores = ((now.busy - current.cpu.busy) / (now.total - current.cpu.total || 1)) * cores;
  stages.push(
    `${label} ${seconds(current.since)} s (${busyCores.toFixed(1)} of ${cores} cores busy)`,
  );
}

function step(name) {
  if (current) endStage(current.name);
  current = name && { name, since: Date.now(), cpu: cpuTimes() };
  console.log(`\n=== ${name ?? 'done'} (${seconds(started)} s) ===`);
}

function summary() {
  if (current) endStage(`${current.name} (unfinished)`);
  current = undefined;
  console.log(`\nstages: ${stages.join(' · ')} · total ${seconds(started)} s`);
}

/**
 * Runs `command` in the background, its output (stdout and stderr) kept and printed whole when it
 * ends, so tasks running side by side do not interleave their lines.
 */
function task(label, command, options = {}) {
  const since = Date.now();
  console.log(`$ ${command}   [${label}: started]`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      cwd: ROOT,
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const how = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`;
      console.log(`\n--- ${label}: ${how} in ${seconds(since)} s ---`);
      process.stdout.write(Buffer.concat(output));
      console.log(`--- end of ${label} ---`);
      if (code === 0) resolve(seconds(since));
      else reject(new Error(`${label} ("${command}") ${how}`));
    });
  });
}

/**
 * Runs the tasks one after another. The first failure stops the lane, unless `keepGoing` (suites
 * that do not need each other): then every task runs and the lane fails after the last.
 */
async function lane(tasks, { keepGoing = false } = {}) {
  const failed = [];
  for (const [label, command, options] of tasks) {
    try {
      await task(label, command, options);
    } catch (error) {
      if (!keepGoing) throw error;
      failed.push(error.message);
    }
  }
  if (failed.length > 0) throw new Error(failed.join('; '));
}

/**
 * Waits for every lane, then fails with the first failure: a lane that fails does not cut the
 * others short, so one run reports every red suite.
 */
async function sideBySide(lanes) {
  const results = await Promise.allSettled(lanes);
  const failed = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  if (failed.length > 0) throw new Error(failed.join('; '));
}

/** The workspaces with a Jest suite (a `test` script), as `npm test -w` names them. */
function testedWorkspaces() {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return workspaces
    .map((dir) => JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')))
    .filter((pkg) => pkg.scripts?.test)
    .map((pkg) => pkg.name);
}

async function main() {
  step('dependencies');
  ensureDependencies();
  ensureChromium();
  ensureNginx(); // the e2e journey through deploy/nginx/roconnect.conf

  // The API suite runs on PostgreSQL when a server is there, its database-specific files
  // (api/test/support/database-files.js) again on PGlite; else on PGlite (api/README.md › Tests).
  const env = { ...process.env };
  if (!env.TEST_DATABASE_URL && (await isPortOpen(5432))) {
    env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  }
  // The scale-out test (two API replicas) needs PostgreSQL and Redis.
  if (!env.TEST_REDIS_URL && (await isPortOpen(6379)))
    env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
  if (!env.TEST_DATABASE_URL)
    console.log(
      'PostgreSQL does not answer on 127.0.0.1:5432: the API suite runs on PGlite only, without the files that need a server (the scale-out and killed-API tests among them).',
    );
  else if (!env.TEST_REDIS_URL)
    console.log(
      'Redis does not answer on 127.0.0.1:6379: the scale-out test (two API replicas) is not run.',
    );

  // The build comes before Jest, the compiled API and emulator with it: the test of `npm start`
  // (tools/test/start.test.ts) and the compiled API's then start them instead of building again.
  step('type-check, lint (ESLint, import rules, Prettier) and production build');
  await sideBySide([
    // the web packages as one program (tsconfig.web.json), then each package with options of its own
    task('type-check', 'npm run typecheck', { env }),
    task('lint', 'npm run lint', { env }),
    lane([
      [
        'production build',
        'npx lerna run build --scope "@roconnect/{api,emulator,shell,mfe-*}" --concurrency 1',
        { env },
      ],
      // the size budgets, weighed on the build (docs/performance.md › Size budgets)
      ['size budgets', 'node scripts/check-size-budgets.mjs', { env }],
    ]),
  ]);

  step('unit and integration tests (Jest)');
  const jestEnv = { ...env, CI: 'true' };
  const others = testedWorkspaces().filter((name) => name !== '@roconnect/api');
  const suites = others.map((name) => [name, `npm test -w ${name}`, { env: jestEnv }]);
  // With a PostgreSQL server the API's whole suite runs on it (half the CPU of the same files on
  // PGlite's WebAssembly), and its database-specific files again on PGlite beside the other
  // packages; without one, the whole suite on PGlite (docs/performance.md › CI).
  const api = env.TEST_DATABASE_URL
    ? {
        main: ['@roconnect/api on PostgreSQL', 'npm run test:postgres -w @roconnect/api'],
        others: [
          [
            '@roconnect/api on PGlite (its database-specific files)',
            'npm run test:pglite-specific -w @roconnect/api',
            { env: jestEnv },
          ],
        ],
      }
    : { main: ['@roconnect/api on PGlite', 'npm run test:pglite -w @roconnect/api'], others: [] };
  await sideBySide([
    task(...api.main, { env: jestEnv }),
    lane([...api.others, ...suites], { keepGoing: true }),
  ]);

  step('end-to-end tests (Playwright, Chromium)');
  // Each Playwright worker runs a stack on fixed ports of its own (npm start's, plus 10 a worker:
  // e2e/support/stack.ts); a lock keeps two runs on one machine from colliding.
  const lock = hasCommand('flock') ? 'flock /tmp/roconnect-e2e.lock ' : '';
  run(`${lock}npx playwright test -c e2e/playwright.config.ts`, { env });
  step();
  summary();
}

main().catch((error) => {
  summary();
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
});
