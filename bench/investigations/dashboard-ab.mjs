#!/usr/bin/env node
// Investigation, untested: the signed-in /dashboard's LCP (plain HTTP/1.1, the bench's Lighthouse
// settings) of two or more checkouts in turns, so a change is judged against the build before it
// on the same machine in the same hour, not against another day's figure.
// `ROUNDS=3 RUNS=3 flock /tmp/roconnect-e2e.lock node bench/investigations/dashboard-ab.mjs <checkout>…`
// Each checkout has its production builds in place and its bench stack in `bench/lib/stack.mjs`
// (or, before the bench workspace, `scripts/bench/stack.mjs`).
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { launchBenchChrome, signInChrome } from '../lib/web.mjs';

const SHELL = 'http://localhost:8080';
const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
if (checkouts.length < 2) throw new Error('Name two checkouts or more.');
const rounds = Number(process.env.ROUNDS || 3);
const runs = Number(process.env.RUNS || 3);

async function stackOf(checkout) {
  const candidates = ['bench/lib/stack.mjs', 'scripts/bench/stack.mjs'].map((file) =>
    path.join(checkout, file),
  );
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error(`${checkout} has no bench stack.`);
  return import(pathToFileURL(file).href);
}

async function measure(checkout) {
  const { startBenchStack } = await stackOf(checkout);
  const stack = await startBenchStack({ log: () => {} });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-ab-'));
  const chrome = await launchBenchChrome(userDataDir);
  try {
    await signInChrome(chrome.port);
    const lcps = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${SHELL}/dashboard`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (lhr.finalDisplayedUrl !== `${SHELL}/dashboard`)
        throw new Error(`${checkout}: Lighthouse ended on ${lhr.finalDisplayedUrl}`);
      lcps.push(Math.round(lhr.audits['largest-contentful-paint'].numericValue));
      if (process.env.DETAIL) {
        const scripts = lhr.audits['network-requests'].details.items.filter(
          (r) => r.resourceType === 'Script' && r.networkRequestTime < lcps.at(-1),
        );
        const bytes = scripts.reduce((sum, r) => sum + (r.transferSize || 0), 0);
        const mainThread = Math.round(lhr.audits['mainthread-work-breakdown'].numericValue);
        console.log(
          `  ${lcps.at(-1)} ms: main thread ${mainThread} ms, ${scripts.length} scripts ${bytes} B`,
        );
      }
    }
    return lcps;
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    await stack.stop();
  }
}

const all = new Map(checkouts.map((checkout) => [checkout, []]));
for (let round = 1; round <= rounds; round += 1)
  for (const checkout of checkouts) {
    const lcps = await measure(checkout);
    all.get(checkout).push(...lcps);
    console.log(
      `round ${round} ${checkout}: ${lcps.join(', ')} ms (load ${os.loadavg()[0].toFixed(1)})`,
    );
  }
for (const [checkout, lcps] of all) {
  const sorted = [...lcps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `${checkout}: ${sorted[0]}–${sorted.at(-1)} ms, median ${median} ms over ${sorted.length}`,
  );
}
