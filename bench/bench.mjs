#!/usr/bin/env node
// npm run bench: builds what is missing or stale (production), starts the production stack on a
// throw-away data folder, measures the web figures (Lighthouse mobile, median of 3), the memory of
// `npm start`'s processes (bench/lib/memory.mjs) and then the API figures (bench/lib/api.mjs, when
// present), prints one table and keeps the rows as JSON in
// bench/results/. Options: USAGE below (`npm run bench -- --help`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDependencies, ensureNginx, hasCommand, run } from '../tools/install/ensure.mjs';
import { ROOT } from '../tools/stack/index.cjs';
import { soakSeconds } from './lib/memory.mjs';

const LOCK = '/tmp/roconnect-e2e.lock';
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const PACKAGES = ['shell', 'mfe-public', 'mfe-accounts', 'mfe-servers', 'mfe-setup'];
const log = (message) => console.error(message);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The packages whose dist is missing or older than their sources or the shared build inputs. */
export function stalePackages(root = ROOT) {
  const shared = Math.max(
    newestMtime(path.join(root, 'shared-lib', 'src')),
    newestMtime(path.join(root, 'tools', 'webpack')),
    newestMtime(path.join(root, 'package-lock.json')),
  );
  return PACKAGES.filter((dir) => {
    const built = newestMtime(path.join(root, dir, 'dist', 'mf-manifest.json'));
    const sources = Math.max(
      shared,
      ...['src', 'standalone', 'public', 'webpack.config.js', 'package.json'].map((name) =>
        newestMtime(path.join(root, dir, name)),
      ),
    );
    return built === 0 || built < sources;
  });
}

const DEFAULT_RUNS = 3;
const MAX_RUNS = 15;

/** `--runs N`: Lighthouse runs per page, of which each web figure is the median (3 unless given). */
export function lighthouseRuns(argv) {
  const index = argv.indexOf('--runs');
  if (index === -1) return DEFAULT_RUNS;
  const value = argv[index + 1];
  if (!/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > MAX_RUNS)
    throw Object.assign(
      new Error(
        `--runs takes the number of Lighthouse runs per page, a whole number from 1 to ${MAX_RUNS} (got ${value === undefined ? 'nothing' : `"${value}"`}).`,
      ),
      { usage: true },
    );
  return Number(value);
}

export const USAGE = `Usage: npm run bench [-- --no-build] [-- --runs N] [-- --soak-seconds N] [-- --json [file]]
  --no-build   measure the dist/ folders as they are instead of building what is stale
  --runs N     each web figure the median of N Lighthouse runs per page (1 to 15; 3 unless given)
  --soak-seconds N  the memory soak's length (5 to 3600; 300 unless given)
  --json file  write the rows to file (relative to the folder it ran from), not bench/results/
  --json       also print the rows as JSON on stdout
  --help       print this, and nothing else`;

function jsonTarget(argv) {
  const index = argv.indexOf('--json');
  if (index === -1) return null;
  const next = argv[index + 1];
  return next && !next.startsWith('--') ? path.resolve(process.env.INIT_CWD || '.', next) : '-';
}

/** Where a run's rows are kept: the file `--json <file>` names, else bench/results/<UTC time>.json. */
export function rowsFile(argv, now = new Date()) {
  const target = jsonTarget(argv);
  if (target && target !== '-') return target;
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return path.join(RESULTS, `${stamp}Z.json`);
}

export function formatTable(rows) {
  const header = ['section', 'figure', 'value', 'baseline'];
  const cells = rows.map((row) => header.map((key) => String(row[key] ?? '')));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (values) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

async function measure({ runs, soak }) {
  const { startBenchStack } = await import('./lib/stack.mjs');
  const { benchWeb } = await import('./lib/web.mjs');
  const rows = [];
  const stack = await startBenchStack({ log });
  try {
    rows.push(...(await benchWeb({ log, oneOrigin: stack.oneOrigin, runs })));
  } finally {
    await stack.stop();
  }
  const { benchMemory } = await import('./lib/memory.mjs');
  rows.push(...(await benchMemory({ log, soak })));
  const apiBench = path.join(ROOT, 'bench', 'lib', 'api.mjs');
  if (fs.existsSync(apiBench)) rows.push(...apiRowsInOwnProcess(apiBench));
  else log('bench/lib/api.mjs is not there: no API figures.');
  return rows;
}

/**
 * The API half in a process of its own: its load generator times every request, and this process
 * has just held Lighthouse, its traces and its timers.
 */
function apiRowsInOwnProcess(apiBench) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-bench-rows-'));
  try {
    const file = path.join(dir, 'api.json');
    const result = spawnSync(process.execPath, [apiBench, '--json', file], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0)
      throw new Error(`bench/lib/api.mjs failed (${result.status ?? result.signal})`);
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const runs = lighthouseRuns(argv); // a bad value fails before anything is built
  const soak = soakSeconds(argv);
  if (!process.env.RC_BENCH_LOCKED) {
    ensureDependencies();
    ensureNginx(); // the API through deploy/nginx/roconnect.conf (bench/lib/api.mjs)
    const stale = argv.includes('--no-build') ? [] : stalePackages();
    if (stale.length) {
      const scopes = stale.map((dir) => `--scope @roconnect/${dir}`).join(' ');
      run(`npx lerna run build ${scopes} --concurrency 2`);
    } else log('Production builds are up to date: nothing to build.');
    // The e2e suite uses the same fixed ports: wait for it (and other benches) to finish.
    if (hasCommand('flock')) {
      log(`Waiting for ${LOCK} (the e2e suite and the bench share the ports)...`);
      const result = spawnSync('flock', [LOCK, process.execPath, ...process.argv.slice(1)], {
        stdio: 'inherit',
        env: { ...process.env, RC_BENCH_LOCKED: '1' },
      });
      process.exit(result.status ?? 1);
    }
  }
  const rows = await measure({ runs, soak });
  console.log(`\n${formatTable(rows)}`);
  if (jsonTarget(argv) === '-') console.log(JSON.stringify(rows, null, 2));
  const file = rowsFile(argv);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
  log(`Rows written to ${file}`);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain)
  main().catch((error) => {
    // a mistyped option needs its message, not a stack
    console.error(
      `\nnpm run bench failed: ${error.usage ? error.message : error.stack || error.message}`,
    );
    process.exit(1);
  });
