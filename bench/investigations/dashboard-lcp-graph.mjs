#!/usr/bin/env node
// Investigation, untested: the signed-in /dashboard's simulated LCP (Lighthouse's Lantern, plain
// HTTP/1.1) with the simulated start and end of every request and main-thread task the paint
// waits on, to see which ones hold it. Production builds in place, nothing on the stack's ports.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { chromium } from 'playwright-core';
import { startBenchStack } from '../lib/stack.mjs';

const SHELL = 'http://localhost:8080';
const stack = await startBenchStack({ log: (line) => console.log(line) });
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-lcp-graph-'));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
  ],
  userDataDir,
});
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await page.waitForURL('http://localhost:3100/**');
  await page.getByRole('button', { name: 'Continue as demo_user' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.close();
  await browser.close();
  const { lhr, artifacts } = await lighthouse(`${SHELL}/dashboard`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  console.log('LCP (audit)', Math.round(lhr.audits['largest-contentful-paint'].numericValue));
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
  for (const which of ['optimisticEstimate', 'pessimisticEstimate']) {
    const estimate = lcp[which];
    console.log(`\n${which}: ${Math.round(estimate.timeInMs)} ms`);
    const rows = [...estimate.nodeTimings.entries()]
      .filter(([, t]) => t.endTime <= estimate.timeInMs + 1)
      .sort(([, a], [, b]) => a.startTime - b.startTime);
    for (const [node, t] of rows) {
      const what =
        node.type === 'network'
          ? `${node.request.url.replace(/^https?:\/\/localhost/, '')} ${node.request.transferSize} B`
          : `cpu ${Math.round(node.duration / 1000)} ms observed; ${[...new Set(node.childEvents.map((e) => e.args?.data?.url).filter(Boolean))].map((u) => u.replace(/^.*\//, '')).join(' ')}`;
      console.log(
        `${String(Math.round(t.startTime)).padStart(6)} → ${String(Math.round(t.endTime)).padStart(6)}  ${what}`,
      );
    }
  }
} finally {
  await chrome.kill();
  await stack.stop();
}
