#!/usr/bin/env node
// Investigation, untested: one Lighthouse run of the signed-in /dashboard (plain HTTP/1.1), with
// what the LCP waits for: the LCP element, its phases, each request's simulated start and end, and
// each script's main-thread time, then Lantern's simulated span of every request and task started
// before the paint (the simulated LCP is when the last of them ends).
// `node bench/investigations/dashboard-lcp-trace.mjs [lhr.json]` with the production builds in
// place and nothing on the stack's ports. RUNS=n prints n LCPs.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { startBenchStack } from '../lib/stack.mjs';
import { launchBenchChrome, signInChrome } from '../lib/web.mjs';

const SHELL = 'http://localhost:8080';
const log = (line) => console.log(line);
const stack = await startBenchStack({ log });
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-lcp-trace-'));
const chrome = await launchBenchChrome(userDataDir);
try {
  await signInChrome(chrome.port);
  let lhr;
  let artifacts;
  for (let run = 0; run < Number(process.env.RUNS || 1); run += 1) {
    ({ lhr, artifacts } = await lighthouse(`${SHELL}/dashboard`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    }));
    console.log(
      `run ${run + 1}: LCP ${Math.round(lhr.audits['largest-contentful-paint'].numericValue)} ms`,
    );
  }
  const audit = (id) => lhr.audits[id];
  console.log('LCP', audit('largest-contentful-paint').numericValue);
  const element = audit('largest-contentful-paint-element');
  console.log(JSON.stringify(element.details, null, 1).slice(0, 3000));
  console.log('\nrequests (simulated ms are not given; observed ms from navigation start):');
  for (const r of audit('network-requests').details.items)
    console.log(
      `${String(Math.round(r.networkRequestTime)).padStart(6)} → ${String(Math.round(r.networkEndTime)).padStart(6)}  ${r.priority?.padEnd(8)} ${String(r.transferSize).padStart(7)}  ${r.url}`,
    );
  console.log('\nscript bootup (ms):');
  for (const item of audit('bootup-time').details.items)
    console.log(`${Math.round(item.total)} (${Math.round(item.scripting)} scripting)  ${item.url}`);
  const dependency = audit('network-dependency-tree-insight') ?? audit('critical-request-chains');
  if (dependency)
    console.log('\ncritical chain:', JSON.stringify(dependency.details, null, 1).slice(0, 4000));
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    },
    { computedCache: new Map(), settings: lhr.configSettings },
  );
  // the audit's LCP blends these two estimates
  for (const which of ['optimisticEstimate', 'pessimisticEstimate']) {
    const estimate = lcp[which];
    console.log(`\n${which}: ${Math.round(estimate.timeInMs)} ms`);
    const rows = [...estimate.nodeTimings.entries()]
      .filter(([, t]) => t.endTime <= estimate.timeInMs + 1)
      .sort(([, a], [, b]) => a.startTime - b.startTime);
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.url.replace(/^https?:\/\/localhost/, '')} ${node.request.transferSize} B, connection ${node.request.connectionId}${node.request.connectionReused ? ' reused' : ''} ${JSON.stringify(t.connectionTiming ?? {})}`
          : `cpu ${Math.round(node.duration / 1000)} ms observed; ${[...new Set(node.childEvents.map((e) => e.args?.data?.url).filter(Boolean))].map((u) => u.replace(/^.*\//, '')).join(' ')}`;
      console.log(
        `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${what}`,
      );
    }
  }
  if (process.argv[2]) fs.writeFileSync(process.argv[2], JSON.stringify(lhr));
} finally {
  await chrome.kill();
  await stack.stop();
}
