import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Page, Request } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { ROOT } from '../support/stack';

// The app served as docs/production.md recommends and the benchmark measures it: the shell, every
// remote and the API on one HTTPS origin with HTTP/2 (scripts/lib/oneOriginStack.mjs, in front of
// the stack global-setup started). Its certificate is made for the run: this browser trusts it.
test.use({ ignoreHTTPSErrors: true });

let oneOrigin: ChildProcess;
let origin: string;

test.beforeAll(async () => {
  oneOrigin = spawn(process.execPath, [path.join(ROOT, 'scripts', 'lib', 'oneOriginStack.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    oneOrigin.once('exit', (code) => reject(new Error(`oneOriginStack.mjs exited with ${code}`))),
  );
  // its first line on stdout: { "origin", "spki" }, once it serves
  const firstLine = new Promise<string>((resolve) =>
    createInterface({ input: oneOrigin.stdout! }).once('line', resolve),
  );
  origin = (JSON.parse(await Promise.race([firstLine, exited])) as { origin: string }).origin;
});

test.afterAll(async () => {
  if (!oneOrigin || oneOrigin.exitCode !== null) return;
  const stopped = new Promise((resolve) => oneOrigin.once('exit', resolve));
  oneOrigin.kill('SIGTERM');
  await stopped;
});

/** Every request the page makes, by URL, from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

const navigationProtocol = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .nextHopProtocol,
  );

test('the landing comes over HTTP/2, its remote from the same origin', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${origin}/`);
  await expect(page.getByText('Start Linking').first()).toBeVisible();
  expect(await navigationProtocol(page)).toBe('h2');
  const scripts = requests.filter((url) => url.endsWith('.js'));
  expect(scripts.some((url) => url.startsWith(`${origin}/remotes/mfe_public/`))).toBe(true);
  expect(scripts.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
});

test('signed in, the dashboard and its tabs work with every call on the one origin', async ({
  page,
}) => {
  await signIn(page);
  // the session the shell keeps in localStorage, carried from the plain stack's origin
  const tokens = await page.evaluate(() => JSON.stringify(localStorage));
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
  await page.evaluate((saved) => {
    for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>))
      localStorage.setItem(key, value);
  }, tokens);

  const requests = recordRequests(page);
  await page.goto(`${origin}/dashboard`);
  await expect(
    page.getByText('Link your Roblox account to verify in your Discord servers.'),
  ).toBeVisible();
  expect(await navigationProtocol(page)).toBe('h2');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();

  expect(requests.some((url) => url.startsWith(`${origin}/remotes/mfe_accounts/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin}/remotes/mfe_servers/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${origin}/_api/`))).toBe(true);
  // nothing from the plain stack's origins: scripts, manifests and calls all ride the one origin
  expect(requests.filter((url) => /^https?:\/\/localhost:(8080|300\d)\//.test(url))).toEqual([]);
});
