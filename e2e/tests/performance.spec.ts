import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { API, expect, SHELL, signIn, test } from '../support/fixtures';
import { expectNoLinkedAccounts } from '../support/member';
import { apiPathOf } from '../support/browserApi';
import { statsLine } from '../support/landing';
import { gotoPrerendered } from '../support/prerender';
import { REMOTES, ROOT, STACK, type RemoteName } from '../support/stack';

// What makes the federated pages fast (docs/performance.md), checked against the production stack.

/** The origins of the shell's server and of each remote's (the static files, not the API's). */
const STATIC_ORIGINS = new Set([SHELL, ...Object.values(STACK.remotes)]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a URL on `origin` whose path, after the origin's `/`, matches `file`. */
const fileOn = (origin: string, file: RegExp) =>
  new RegExp(`^${escapeRegExp(origin)}/${file.source}$`);

test('the page carries remotes.json and config.json: the browser asks for neither', async ({
  page,
}) => {
  const deployFileRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/(remotes|config)\.json$/.test(new URL(request.url()).pathname))
      deployFileRequests.push(request.url());
  });
  await page.goto('/');
  // the started shell (its Login link), not only the server's prerendered view: a shell that
  // fetched the deploy files itself would have done so by then
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const inlined = await page.locator('script#rc-deploy').textContent();
  expect(Object.keys(JSON.parse(inlined ?? '{}') as object).sort()).toEqual(['config', 'remotes']);
  expect(deployFileRequests).toEqual([]);
});

/** The scripts scripts/check-size-budgets.mjs weighs for the landing, as the browser asks for them. */
function budgetedLandingScripts(): string[] {
  const origins: Record<string, string> = {
    shell: SHELL,
    ...Object.fromEntries(
      (Object.keys(REMOTES) as RemoteName[]).map((name) => [
        REMOTES[name].dir,
        STACK.remotes[name],
      ]),
    ),
  };
  // The checker is plain Node ESM, which this suite's loader cannot import: ask Node for its list.
  const checker = pathToFileURL(path.join(ROOT, 'scripts', 'check-size-budgets.mjs')).href;
  const landingFiles = JSON.parse(
    execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `const { checkSizeBudgets } = await import(${JSON.stringify(checker)});` +
        'console.log(JSON.stringify(checkSizeBudgets().landingFiles));',
    ]).toString(),
  ) as string[];
  return landingFiles
    .map((file) => {
      const [dir, dist, ...rest] = file.split('/');
      expect(dist).toBe('dist');
      return `${origins[dir!]}/${rest.join('/')}`;
    })
    .sort();
}

test('the landing downloads exactly the scripts the size budget weighs, and calls no API', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
    if (apiPathOf(sent.url())) apiCalls.push(sent.url());
  });
  const stats = (await (await request.get(`${API}/api/bot-stats`)).json()) as {
    data: { total_users: number; total_servers: number };
  };
  await page.goto('/');
  // the counts come inlined in the page: the HTTP client is never loaded for them
  await expect(page.getByText(statsLine(stats.data))).toBeVisible();
  // the prerendered view is painted before any script is asked for: wait for the started shell
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...new Set(scripts)].sort()).toEqual(budgetedLandingScripts());
  expect(scripts.filter((url) => /\/http-client\./.test(url))).toEqual([]);
  expect(apiCalls).toEqual([]);
});

test("the landing is painted first, then preloads its remote's manifest, entry and Landing chunk", async ({
  page,
}) => {
  // the HTML asks for nothing before the prerendered view is painted
  const html = await gotoPrerendered(page, '/');
  expect(html).not.toContain('rel="preload"');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const preloaded = await page
    .locator('head link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(preloaded).toEqual(
    expect.arrayContaining([
      `${STACK.remotes.mfe_public}/mf-manifest.json`,
      `${STACK.remotes.mfe_public}/remoteEntry.js`,
      expect.stringMatching(
        fileOn(STACK.remotes.mfe_public, /__federation_expose_Landing\.[0-9a-f]{8}\.js/),
      ),
    ]),
  );
});

test('a remoteEntry.js is small, precompressed and revalidated with a 304', async ({ request }) => {
  for (const origin of Object.values(STACK.remotes)) {
    const url = `${origin}/remoteEntry.js`;
    const first = await request.fetch(url, { headers: { 'Accept-Encoding': 'br' } });
    expect(first.status()).toBe(200);
    expect(first.headers()['content-encoding']).toBe('br');
    expect(first.headers()['cache-control']).toBe('no-cache');
    expect(Number(first.headers()['content-length'])).toBeLessThan(10_000);
    const etag = first.headers()['etag'];
    expect(etag).toBeTruthy();
    const again = await request.fetch(url, { headers: { 'If-None-Match': etag! } });
    expect(again.status()).toBe(304);
  }
});

test('hashed chunks are cached for a year, the shell entry is revalidated', async ({ request }) => {
  const html = await (await request.get('/login')).text();
  const chunk = /<link rel="preload" as="script" href="(\/[0-9]+\.[0-9a-f]{8}\.js)"/.exec(
    html,
  )?.[1];
  expect(chunk).toBeTruthy();
  const hashed = await request.get(chunk!);
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const main = await request.get('/main.js');
  expect(main.headers()['cache-control']).toBe('no-cache');
  const again = await request.get('/main.js', {
    headers: { 'If-None-Match': main.headers()['etag']! },
  });
  expect(again.status()).toBe(304);
});

test('a warm reload of the dashboard downloads only the page again (304s for the rest), and react-dom once', async ({
  page,
}) => {
  await signIn(page);
  // the dashboard fetches its next routes once its tab has painted: wait until they are in
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) =>
              /__federation_expose_(ServersTab|SetupWizard|Verify)\./.test(entry.name),
            ).length,
      ),
    )
    .toBe(3);
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<
    string,
    { url: string; status: number; cached: boolean; document: boolean }
  >();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) =>
    responses.set(requestId, {
      document: type === 'Document',
      url: response.url,
      status: response.status,
      cached: Boolean(response.fromDiskCache || response.fromPrefetchCache),
    }),
  );
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
    bytes.set(requestId, encodedDataLength),
  );
  // the status that crossed the wire: a fetch() the cache revalidated (a 304) is a 200 above
  const wireStatus = new Map<string, number>();
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) =>
    wireStatus.set(requestId, statusCode),
  );
  // a script taken from the page's own preload (which was revalidated) comes from memory
  const fromMemory = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromMemory.add(requestId));
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const scripts = [...responses].filter(([, r]) => /\.js$/.test(new URL(r.url).pathname));
  expect(scripts.length).toBeGreaterThan(5);
  // every script either came from the cache or was revalidated (304): no script body again
  const downloadedAgain = scripts.filter(
    ([id, r]) => !r.cached && r.status !== 304 && (bytes.get(id) ?? 0) > 1_000,
  );
  expect(downloadedAgain.map(([, r]) => r.url)).toEqual([]);
  const remoteEntries = scripts.filter(([, r]) => r.url.endsWith('/remoteEntry.js'));
  expect(remoteEntries.length).toBeGreaterThanOrEqual(2);
  // each remoteEntry.js is revalidated (304), or taken from the preload that was
  for (const [id, entry] of remoteEntries)
    expect(
      entry.status === 304 || entry.cached || fromMemory.has(id) || (bytes.get(id) ?? 0) < 1_000,
      `${entry.url} answered ${entry.status} with ${bytes.get(id)} bytes`,
    ).toBe(true);
  expect(remoteEntries.filter(([, entry]) => entry.status === 304).length).toBeGreaterThan(0);
  // only what changed: of the shell's and the remotes' files, only the page (a new nonce each
  // time) comes with a body; every manifest and script that went to the network got a 304
  const staticFiles = [...responses].filter(
    ([, r]) => STATIC_ORIGINS.has(new URL(r.url).origin) && !apiPathOf(r.url),
  );
  const manifests = staticFiles.filter(([, r]) => r.url.endsWith('/mf-manifest.json'));
  expect(manifests.length).toBeGreaterThanOrEqual(3);
  const withBodyAgain = staticFiles.filter(
    ([id, r]) => wireStatus.has(id) && wireStatus.get(id) !== 304 && !r.document,
  );
  expect(withBodyAgain.map(([id, r]) => `${r.url} ${wireStatus.get(id)}`)).toEqual([]);
  for (const [id, manifest] of manifests)
    expect(wireStatus.get(id) ?? 'from the cache', manifest.url).not.toBe(200);
  await cdp.detach();

  // react-dom's client (its fibers' marker string) is in exactly one script the page ran
  const withReactDom = await page.evaluate(async () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => /\.js$/.test(new URL(url).pathname));
    const found: string[] = [];
    for (const url of new Set(urls)) {
      const text = await (await fetch(url)).text();
      if (text.includes('__reactFiber$')) found.push(url);
    }
    return found;
  });
  expect(withReactDom).toHaveLength(1);
  expect(new URL(withReactDom[0]!).origin).toBe(SHELL);
});

test("the dashboard's first calls leave before the shell's scripts have arrived, and each is made once", async ({
  page,
}) => {
  await signIn(page);
  await expectNoLinkedAccounts(page);
  const apiCalls: string[] = [];
  let dataRequested!: () => void;
  const dataSeen = new Promise<void>((resolve) => (dataRequested = resolve));
  page.on('request', (sent) => {
    const path = apiPathOf(sent.url());
    if (!path) return;
    apiCalls.push(`${sent.method()} ${path}`);
    if (path === '/api/v1/dashboard/user/linked-accounts') dataRequested();
  });
  // the shell's entry is held until the data has been asked for (or 15 s, which then fails below)
  let dataBeforeEntry = false;
  await page.route('**/main.js', async (route) => {
    dataBeforeEntry = await Promise.race([
      dataSeen.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
    ]);
    await route.continue();
  });
  await page.reload();
  await expectNoLinkedAccounts(page);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(dataBeforeEntry).toBe(true);
  // the shell took the early answers: nothing was asked twice
  expect(apiCalls.sort()).toEqual(
    [
      'GET /api/v1/dashboard/user/linked-accounts',
      'GET /api/v1/dashboard/user/servers',
      'GET /auth/me',
      'GET /roblox/status',
      'POST /auth/refresh',
    ].sort(),
  );
});

test('every script the dashboard runs is compiled while it downloads (V8 compile hint)', async ({
  page,
}) => {
  await signIn(page);
  await expectNoLinkedAccounts(page);
  const firstLines = await page.evaluate(async () => {
    const urls = new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => /\.js$/.test(new URL(url).pathname)),
    );
    return Promise.all(
      [...urls].map(async (url) => {
        const firstLine = (await (await fetch(url)).text()).split('\n')[0];
        // the source map accounts for the hint's line: its first line maps nothing
        const map = (await (await fetch(`${url}.map`)).json()) as { mappings: string };
        return `${url} ${map.mappings.startsWith(';') ? 'map moved' : 'MAP NOT MOVED'} ${firstLine}`;
      }),
    );
  });
  // the shell's four start files and the Accounts remote's entry and chunk at least (the next
  // routes' files load once the tab's paint is reported, maybe after this list was taken)
  expect(firstLines.length).toBeGreaterThanOrEqual(6);
  const urls = firstLines.map((line) => line.split(' ')[0]);
  expect(urls).toEqual(
    expect.arrayContaining([
      `${SHELL}/main.js`,
      expect.stringMatching(fileOn(SHELL, /react-dom\.[0-9a-f]{8}\.js/)),
      `${STACK.remotes.mfe_accounts}/remoteEntry.js`,
      expect.stringMatching(
        fileOn(STACK.remotes.mfe_accounts, /__federation_expose_AccountsTab\..*/),
      ),
    ]),
  );
  for (const line of firstLines) expect(line).toMatch(/ map moved \/\/# allFunctionsCalledOnLoad$/);
});
