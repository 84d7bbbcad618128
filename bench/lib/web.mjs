// The web half of `npm run bench`: Lighthouse (mobile preset, median of 3 runs or `--runs N`) on
// the landing page and on the signed-in dashboard, served as `npm start` serves them (plain
// HTTP/1.1, four origins) and as production does (one HTTPS origin with HTTP/2,
// tools/origin/oneOriginStack.mjs), the landing's compressed JavaScript, each remoteEntry's gzip
// size and the bytes a warm reload of the dashboard downloads again. Needs the production stack
// running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '@roconnect/tools/browser/chromiumFlags';
import { REMOTES, ROOT } from '@roconnect/tools/stack';
import { serveSnapshots, snapshotPage } from './staticSnapshot.mjs';
import { median } from './stats.mjs';
import { webGoalRows } from './webGoals.mjs';
import { withinTime } from './withinTime.mjs';

export const SHELL = 'http://localhost:8080';
const EMULATOR = 'http://localhost:3100';
const DEMO_USER = 'demo_user';
/** What the dashboard's Accounts tab shows once its data is in (its largest text on a phone). */
const DASHBOARD_TEXT = 'Link your Roblox account to verify in your Discord servers.';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** Each figure before the performance work, measured on that build (docs/performance.md › Where it stands). */
export const ISSUE_BASELINE = {
  landingLcp: '3.5 s',
  landingScore: '90–91',
  landingJs: '258 KB',
  remoteEntry: '27.8 KB',
  dashboardLcp: '2.6–2.7 s (warm)',
  warmReload: '3 × 28 KB remoteEntry',
};

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function chromePath() {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate))
    throw new Error(
      `No Chromium at ${candidate}: install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`,
    );
  return candidate;
}

/** Chromium as the bench runs Lighthouse in, on a user data folder of its own. */
export function launchBenchChrome(userDataDir, extraFlags = []) {
  return chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [...CHROME_FLAGS, ...extraFlags],
    userDataDir,
  });
}

/** One Lighthouse run (mobile preset, simulated throttling, cache cleared, cookies kept). */
async function runLighthouse(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url)
    throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    score: Math.round(lhr.categories.performance.score * 100),
    jsTransfer: scripts.reduce((sum, r) => sum + (r.transferSize || 0), 0),
    jsCount: scripts.length,
  };
}

function medianOf(runs) {
  return {
    lcp: median(runs.map((r) => r.lcp)),
    score: median(runs.map((r) => r.score)),
    jsTransfer: median(runs.map((r) => r.jsTransfer)),
    jsCount: median(runs.map((r) => r.jsCount)),
    all: runs,
  };
}

/** The median of `count` runs per URL, the URLs taking turns so a slower minute hits each alike. */
async function lighthouseMedians(urls, port, log, count) {
  const runs = urls.map(() => []);
  for (let i = 1; i <= count; i += 1) {
    for (const [index, url] of urls.entries()) {
      const run = await runLighthouse(url, port);
      log(
        `  ${url} run ${i}: LCP ${seconds(run.lcp)}, score ${run.score}, JS ${kb(run.jsTransfer)}`,
      );
      runs[index].push(run);
    }
  }
  return runs.map(medianOf);
}

/**
 * The signed-in session (the two tokens the shell keeps in localStorage) carried to `origin`, and
 * the dashboard opened there: it must show the Accounts tab and have come over HTTP/2.
 */
async function carrySession(page, origin) {
  const tokens = await page.evaluate(() => JSON.stringify(localStorage));
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Continue with Discord' }).waitFor();
  await page.evaluate((saved) => {
    for (const [key, value] of Object.entries(JSON.parse(saved))) localStorage.setItem(key, value);
  }, tokens);
  await page.goto(`${origin}/dashboard`);
  await page.getByText(DASHBOARD_TEXT).waitFor();
  const protocol = await page.evaluate(
    () => performance.getEntriesByType('navigation')[0].nextHopProtocol,
  );
  if (protocol !== 'h2')
    throw new Error(`${origin}/dashboard came over ${protocol || 'an unknown protocol'}, not h2.`);
}

/** The real sign-in, as the e2e suite does it: login page → emulated Discord consent → dashboard. */
export async function signIn(page) {
  await page.goto(`${SHELL}/login`);
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await page.waitForURL(`${EMULATOR}/**`);
  await page.getByRole('button', { name: `Continue as ${DEMO_USER}` }).click();
  await page.waitForURL('**/dashboard**');
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

// generous: the log says how long the step took when it works; it was once seen hanging for good
const WARM_RELOAD_LIMIT_MS = 300_000;

/** `warmReloadBytes` in a page of its own, in the benchmark's browser. */
/** Signs the Chromium on `port` in on a page of its own, so Lighthouse's runs start signed in. */
export async function signInChrome(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await signIn(page);
  await page.close();
  await browser.close();
}

async function warmReload(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const reload = await warmReloadBytes(page);
    await page.close();
    return reload;
  } finally {
    await browser.close();
  }
}

/**
 * Bytes of static files (shell and remotes, not API data) a reload of a loaded page fetches. A
 * request's status is the one that crossed the wire (`responseReceivedExtraInfo`): a `fetch()` the
 * HTTP cache revalidated with a 304 is reported to the page, and in `responseReceived`, as a 200.
 */
async function warmReloadBytes(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${SHELL}/dashboard`, { waitUntil: 'networkidle' });
  const seen = new Map();
  const entry = (requestId) => {
    if (!seen.has(requestId)) seen.set(requestId, { url: '', status: 0, bytes: 0 });
    return seen.get(requestId);
  };
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const request = entry(requestId);
    request.url = response.url;
    // a response served from the cache without a request has no wire status of its own
    if (!request.status) request.status = response.status;
  });
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    entry(requestId).status = statusCode;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    entry(requestId).bytes = encodedDataLength;
  });
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await cdp.detach();
  // the shell and the remotes, not the API's (on the shell's origin under /_api) or the emulator's
  const isStatic = (url) =>
    url && new URL(url).port !== '3100' && !new URL(url).pathname.startsWith('/_api/');
  const fetched = [...seen.values()].filter((r) => isStatic(r.url) && r.bytes > 0);
  return {
    bytes: fetched.reduce((sum, r) => sum + r.bytes, 0),
    withBody: fetched.filter((r) => r.status === 200).map((r) => `${r.url} ${kb(r.bytes)}`),
    notModified: fetched.filter((r) => r.status === 304).length,
  };
}

export function remoteEntrySizes(root = ROOT) {
  return Object.entries(REMOTES).map(([name, { dir }]) => {
    const file = path.join(root, dir, 'dist', 'remoteEntry.js');
    const content = fs.readFileSync(file);
    return { name, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
  });
}

/**
 * `oneOrigin`: `{ origin, spki }` of the stack on one HTTPS origin (lib/oneOriginStack.mjs);
 * `runs`: Lighthouse runs per page and transport, of which each figure is the median.
 */
export async function benchWeb({ log, oneOrigin, runs = 3 }) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-bench-chrome-'));
  // trusts the one origin's certificate alone (Chromium honours it with a user data folder)
  const chrome = await launchBenchChrome(userDataDir, [
    `--ignore-certificate-errors-spki-list=${oneOrigin.spki}`,
  ]);
  const rows = [];
  try {
    log('Lighthouse, mobile preset, signed out: / (plain HTTP/1.1, then one HTTPS origin)');
    const [landing, landingOneOrigin] = await lighthouseMedians(
      [`${SHELL}/`, `${oneOrigin.origin}/`],
      chrome.port,
      log,
      runs,
    );

    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await browser.contexts()[0].newPage();
    // the same-run baseline: each page as a server-rendered monolith would send it (no script)
    await page.goto(`${SHELL}/`);
    await page.getByRole('link', { name: 'Login' }).waitFor();
    const landingCopy = await snapshotPage(page);
    await signIn(page);
    await page.getByText(DASHBOARD_TEXT).waitFor();
    const dashboardCopy = await snapshotPage(page);
    await carrySession(page, oneOrigin.origin);
    // The plain origin signs in again: each origin then holds a session of its own, as two
    // browsers would. One session's tokens on both would be one refresh chain, and each page load
    // on one origin would retire the other's copy (docs/security.md › Threats and defences, N5).
    await page.goto(`${SHELL}/privacy`);
    await page.evaluate(() => localStorage.clear());
    await signIn(page);
    await page.close();
    await browser.close();

    log('Lighthouse, mobile preset, signed in, cold cache: /dashboard (the same two ways)');
    const [dashboard, dashboardOneOrigin] = await lighthouseMedians(
      [`${SHELL}/dashboard`, `${oneOrigin.origin}/dashboard`],
      chrome.port,
      log,
      runs,
    );

    log('Lighthouse, the same two pages as static HTML without script (same-run baseline)');
    const copies = await serveSnapshots({ '/': landingCopy, '/dashboard': dashboardCopy });
    let staticLanding;
    let staticDashboard;
    try {
      [staticLanding, staticDashboard] = await lighthouseMedians(
        [`${copies.origin}/`, `${copies.origin}/dashboard`],
        chrome.port,
        log,
        runs,
      );
    } finally {
      await copies.close();
    }

    // once seen to hang (a new page that never opened): the other figures are kept
    const reloadStarted = Date.now();
    const reload = await withinTime(
      warmReload(chrome.port),
      WARM_RELOAD_LIMIT_MS,
      'the warm reload of /dashboard',
    ).catch((error) => {
      log(`  warm reload not measured: ${error.message}`);
      return null;
    });
    if (reload)
      log(
        `  warm reload (${seconds(Date.now() - reloadStarted)}): ${reload.notModified} × 304, bodies again: ${reload.withBody.join(', ') || 'none'}`,
      );

    const b = ISSUE_BASELINE;
    const remoteEntries = remoteEntrySizes();
    rows.push(
      {
        section: 'web',
        figure: `landing / LCP (median of ${runs})`,
        value: seconds(landing.lcp),
        baseline: `${b.landingLcp}; as static HTML, this run: ${seconds(staticLanding.lcp)}`,
      },
      {
        section: 'web',
        figure: 'landing / performance score',
        value: String(landing.score),
        baseline: b.landingScore,
      },
      {
        section: 'web',
        figure: 'landing JS, compressed (on the wire)',
        value: `${kb(landing.jsTransfer)} (${landing.jsCount} files)`,
        baseline: b.landingJs,
      },
      ...remoteEntries.map((entry) => ({
        section: 'web',
        figure: `${entry.name} remoteEntry.js, gzip -9`,
        value: kb(entry.gzip),
        baseline: b.remoteEntry,
      })),
      {
        section: 'web',
        figure: `signed-in /dashboard LCP, cold cache (median of ${runs})`,
        value: seconds(dashboard.lcp),
        baseline: `${b.dashboardLcp}; as static HTML, this run: ${seconds(staticDashboard.lcp)}`,
      },
      {
        section: 'web',
        figure: 'signed-in /dashboard performance score',
        value: String(dashboard.score),
        baseline: `as static HTML, this run: ${staticDashboard.score}`,
      },
      {
        section: 'web',
        figure: `signed-in /dashboard LCP, one HTTPS origin, HTTP/2 (median of ${runs})`,
        value: seconds(dashboardOneOrigin.lcp),
        baseline: `plain HTTP/1.1 on four origins (npm start), this run: ${seconds(dashboard.lcp)}`,
      },
      {
        section: 'web',
        figure: 'landing / LCP and score, one HTTPS origin, HTTP/2',
        value: `${seconds(landingOneOrigin.lcp)} / ${landingOneOrigin.score}`,
        baseline: `plain HTTP/1.1, this run: ${seconds(landing.lcp)} / ${landing.score}`,
      },
      {
        section: 'web',
        figure: 'static bytes re-downloaded on a warm reload of /dashboard',
        value: reload
          ? `${kb(reload.bytes)} (${reload.withBody.length} bodies, ${reload.notModified} × 304)`
          : 'not measured (see the log)',
        baseline: b.warmReload,
      },
      ...webGoalRows({
        plain: { landing, dashboard },
        oneOrigin: { landing: landingOneOrigin, dashboard: dashboardOneOrigin },
        remoteEntries,
      }),
    );
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  return rows;
}
