#!/usr/bin/env node
// Where the API spends its time on the benchmark's route: starts the compiled API under
// --cpu-prof (PGlite, or PostgreSQL with --postgres), signs in, warms up, sends N requests, stops
// it, and prints the functions with the most self time during those N requests only (start-up,
// migrations and the warm-up are left out).
// `node bench/investigations/api-profile.mjs [--postgres] [--steady] [N]`: by default the requests go back
// to back (autocannon), which shares each wake-up among many requests; `--steady` sends them as
// the benchmark does, 1,000 a second (steadyLoad.mjs), where each request pays its own way.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import stack from '@roconnect/tools/stack';
import { apiAddressesAndSecrets } from '../lib/apiEnv.mjs';
import { dropSchemas, ensureApiBuild, signIn, startNode } from '../lib/api.mjs';
import { registerRedirectUri } from '../lib/registerRedirect.mjs';
import { steadyLoad } from '../lib/steadyLoad.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const postgres = process.argv.includes('--postgres');
const steady = process.argv.includes('--steady');
const STEADY_RATE = 1000;
const count = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 5000);

ensureApiBuild(console.error);
const work = mkdtempSync(path.join(tmpdir(), 'roconnect-profile-'));
const [ep, ap] = [await stack.freePort(), await stack.freePort()];
const emulatorUrl = `http://127.0.0.1:${ep}`;
const emulator = await startNode(
  [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'emulator/src/main.ts')],
  {
    env: { EMULATOR_PORT: String(ep), EMULATOR_PUBLIC_URL: emulatorUrl },
    readyUrl: `${emulatorUrl}/__emulator/state`,
    logFile: path.join(work, 'emulator.log'),
  },
);
const api = `http://127.0.0.1:${ap}`;
const schema = `prof_${randomBytes(3).toString('hex')}`;
const server = await startNode(
  [
    '--cpu-prof',
    `--cpu-prof-dir=${work}`,
    '--cpu-prof-interval=100',
    path.join(ROOT, 'api/dist/main.js'),
  ],
  {
    env: {
      PORT: String(ap),
      DATA_DIR: path.join(work, 'data'),
      APP_URL: 'http://127.0.0.1:8080',
      ...apiAddressesAndSecrets({ apiUrl: api, emulatorUrl }),
      LOG_LEVEL: 'info',
      ...(postgres
        ? { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', DATABASE_SCHEMA: schema }
        : {}),
    },
    readyUrl: `${api}/api/health`,
    logFile: path.join(work, 'api.log'),
  },
);
await registerRedirectUri(emulatorUrl, api);
const token = await signIn(api);
const url = `${api}/api/v1/dashboard/user/servers`;
const headers = { authorization: `Bearer ${token}` };
/** `amount` requests; resolves with the achieved rate and the median latency in ms */
const load = async (amount) => {
  if (!steady) {
    const result = await autocannon({ url, headers, connections: 10, amount });
    return { rate: result.requests.average, p50: result.latency.p50 };
  }
  const seconds = amount / STEADY_RATE;
  const result = await steadyLoad({ url, headers, rate: STEADY_RATE, seconds, connections: 20 });
  return { rate: Math.round(result.rps), p50: result.p50.toFixed(2) };
};
await load(Math.min(count, 5000));
// V8's profile clock and process.hrtime are both the monotonic clock, in µs here
const windowStart = Number(process.hrtime.bigint() / 1000n);
const result = await load(count);
const windowEnd = Number(process.hrtime.bigint() / 1000n);
console.error(`${count} requests: ${result.rate} req/s, p50 ${result.p50} ms`);
await server.stop();
await emulator.stop();
if (postgres) await dropSchemas(schema);

const file = readdirSync(work).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(path.join(work, file), 'utf8'));
rmSync(work, { recursive: true, force: true });
// each sample's time is the delta to the next one; only samples inside the measured window count
const dt = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  const next = profile.timeDeltas[i + 1] ?? 0;
  if (at < windowStart || at > windowEnd) continue;
  dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + next);
}
const byFn = new Map();
const byPkg = new Map();
for (const node of profile.nodes) {
  const t = dt.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anon)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const pkg = url.includes('node_modules/')
    ? url
        .split('node_modules/')
        .pop()
        .split('/')
        .slice(0, url.split('node_modules/').pop().startsWith('@') ? 2 : 1)
        .join('/')
    : url.includes('dist/main.js')
      ? 'api (own code)'
      : url || functionName;
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
// inclusive time: a node's own samples and its descendants', each function counted once per stack
const parent = new Map();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const inclusive = new Map();
for (const [id, t] of dt) {
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) {
    const { functionName, url, lineNumber } = byId.get(n).callFrame;
    const key = `${functionName || '(anon)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + t);
  }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
const perReq = (us) => `${(us / count).toFixed(1)} µs/request`;
const busy = [...dt].reduce(
  (sum, [id, t]) => (byId.get(id).callFrame.functionName === '(idle)' ? sum : sum + t),
  0,
);
console.log(`busy (all but idle): ${perReq(busy)}`);
console.log('self time by package:');
for (const [k, v] of top(byPkg, 20)) console.log(`  ${perReq(v).padStart(18)}  ${k}`);
console.log('self time by function:');
for (const [k, v] of top(byFn, 30)) console.log(`  ${perReq(v).padStart(18)}  ${k}`);
console.log('inclusive time by function:');
for (const [k, v] of top(inclusive, 45)) console.log(`  ${perReq(v).padStart(18)}  ${k}`);
