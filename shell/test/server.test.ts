/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { close, listen, request, writeRouteTable, type ShellServerModule } from './serverTestHttp';

interface StaticServerModule {
  createStaticServer(root: string, options?: { cors?: boolean }): http.Server;
}
const SHELL_SERVER = '../server/server';
const PUBLIC_ANSWERS = '../server/publicApiResponses';
const STATIC_SERVER = '../server/serve-static.mjs';

// Remote addresses where nothing listens (ports below 1024 need root), so a stack running on
// this machine (3001…) never answers for them.
const REMOTES = {
  mfe_public: 'http://localhost:1/mf-manifest.json',
  mfe_accounts: 'http://localhost:2/mf-manifest.json',
  mfe_servers: 'https://servers.cdn.example/mf-manifest.json',
  mfe_setup: 'http://localhost:4/mf-manifest.json',
};
const API_ORIGIN = 'https://api.roconnect.example';
const SECRET = 'top-secret-outside-dist';
const TRAVERSALS = [
  '/../package.json',
  '/%2e%2e/package.json',
  '/..%2fpackage.json',
  '/..%5cpackage.json',
  '/%2e%2e%2f%2e%2e%2fpackage.json',
];
const INDEX_HTML = `<!doctype html>
<html><head><title>RoConnect</title><script defer src="/main.js"></script></head>
<body><div id=root></div><script src="/123.abcdef12.js"></script></body></html>`;
const BIG_JS = `console.log(${JSON.stringify('RoConnect '.repeat(400))});\n`;
const FAKE_MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'Landing', assets: { js: { sync: ['__federation_expose_Landing.0123abcd.js'] } } },
  ],
};
// `$&` and `$'` would be replacement patterns if the page were assembled with a replace string
const EARLY_LOAD_JS = `window.earlyLoad = "$&$'";`;
// not really the brotli of the file: proves the server sends the file the build wrote
const PRECOMPRESSED_BR = zlib.brotliCompressSync(Buffer.from('console.log("built");\n'));

let tmp: string;
let dist: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-shell-server-'));
  dist = path.join(tmp, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ secret: SECRET }));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, 'main.js'), 'console.log("main");\n');
  fs.writeFileSync(path.join(dist, '123.abcdef12.js'), 'console.log("chunk");\n');
  fs.writeFileSync(path.join(dist, 'big.js'), BIG_JS);
  fs.writeFileSync(
    path.join(dist, 'landing-assets.json'),
    JSON.stringify({
      entry: ['main.js'],
      startup: ['123.abcdef12.js'],
      httpClient: ['http-client.11111111.js', '678.22222222.js'],
      pages: { dashboard: ['dashboard.33333333.js', '87.44444444.js'] },
    }),
  );
  fs.writeFileSync(path.join(dist, 'pre.12345678.js'), BIG_JS);
  fs.writeFileSync(path.join(dist, 'pre.12345678.js.br'), PRECOMPRESSED_BR);
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify(REMOTES));
  writeRouteTable(dist);
  fs.mkdirSync(path.join(dist, 'early-load'));
  fs.writeFileSync(path.join(dist, 'early-load', 'dashboard.js'), EARLY_LOAD_JS);
  fs.writeFileSync(
    path.join(dist, 'config.json'),
    JSON.stringify({ apiBaseUrl: `${API_ORIGIN}/`, imageOrigins: ['https://images.example'] }),
  );
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function cspDirective(csp: string | string[] | undefined, name: string): string[] {
  const directive = [csp ?? '']
    .flat()
    .join(';')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([key]) => key === name);
  if (!directive) throw new Error(`no ${name} in ${csp}`);
  return directive.slice(1);
}

function nonceOf(csp: string | string[] | undefined): string {
  const match = /'nonce-([^']+)'/.exec(cspDirective(csp, 'script-src').join(' '));
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

describe('shell production server', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const { createShellServer } = (await import(SHELL_SERVER)) as ShellServerModule;
    server = createShellServer({
      distDir: dist,
      remotesFile: path.join(dist, 'remotes.json'),
      configFile: path.join(dist, 'config.json'),
    });
    port = await listen(server);
  });
  afterAll(() => close(server));

  it.each(['/', '/dashboard', '/server/edit/1', '/login?message=discord_token_expired'])(
    '%s answers index.html whose scripts carry the nonce of its CSP header, and /api/csp-nonce returns it',
    async (route) => {
      const page = await request(port, route);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('<div id=');

      const nonce = nonceOf(page.headers['content-security-policy']);
      expect(cspDirective(page.headers['content-security-policy'], 'style-src')).toContain(
        `'nonce-${nonce}'`,
      );
      const scriptTags = page.text.match(/<script [^>]*src=[^>]*>/g) ?? [];
      expect(scriptTags).toEqual([
        `<script nonce="${nonce}" defer src="/main.js">`,
        `<script nonce="${nonce}" src="/123.abcdef12.js">`,
      ]);

      const setCookie = page.headers['set-cookie']?.[0] ?? '';
      expect(setCookie).toMatch(/HttpOnly/);
      const cookie = setCookie.split(';')[0] ?? '';
      const answer = await request(port, '/api/csp-nonce', { headers: { Cookie: cookie } });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.text)).toEqual({ nonce });
    },
  );

  it('issues a different nonce for every response', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () =>
        nonceOf((await request(port, '/')).headers['content-security-policy']),
      ),
    );
    expect(new Set(nonces).size).toBe(3);
  });

  it('/api/csp-nonce without a page cookie is a 404, not a made-up nonce', async () => {
    const answer = await request(port, '/api/csp-nonce');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'no_page_nonce' });
    const forged = await request(port, '/api/csp-nonce', {
      headers: { Cookie: 'rc_csp_nonce="><script>' },
    });
    expect(forged.status).toBe(404);
  });

  it('allows images only from the providers and the configured origins, never any https host', async () => {
    const csp = (await request(port, '/dashboard')).headers['content-security-policy'];
    const imgSrc = cspDirective(csp, 'img-src');
    expect(imgSrc).toEqual([
      "'self'",
      'data:',
      'https://cdn.discordapp.com',
      'https://*.rbxcdn.com',
      'https://images.example',
    ]);
    expect(imgSrc).not.toContain('https:');
  });

  it('sends a Permissions-Policy always, and HSTS and a Secure nonce cookie only over HTTPS', async () => {
    const plain = await request(port, '/');
    expect(plain.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const proxied = await request(port, '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(String(proxied.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('lists the remote origins in script-src and the API origin in connect-src', async () => {
    const csp = (await request(port, '/dashboard')).headers['content-security-policy'];
    const scriptSrc = cspDirective(csp, 'script-src');
    expect(scriptSrc).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://localhost:1',
        'http://localhost:2',
        'https://servers.cdn.example',
        'http://localhost:4',
      ]),
    );
    expect(scriptSrc).not.toContain(API_ORIGIN);
    expect(cspDirective(csp, 'connect-src')).toEqual(
      expect.arrayContaining(["'self'", API_ORIGIN, 'http://localhost:1']),
    );
    expect(cspDirective(csp, 'object-src')).toEqual(["'none'"]);
    expect(cspDirective(csp, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('reads remotes.json per request, so a deploy needs no restart', async () => {
    const file = path.join(dist, 'remotes.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ ...REMOTES, mfe_setup: 'https://setup.next.example/mf-manifest.json' }),
    );
    try {
      const csp = (await request(port, '/')).headers['content-security-policy'];
      expect(cspDirective(csp, 'script-src')).toContain('https://setup.next.example');
    } finally {
      fs.writeFileSync(file, JSON.stringify(REMOTES));
    }
  });

  it('caches hashed chunks forever and revalidates HTML and remotes.json', async () => {
    const chunk = await request(port, '/123.abcdef12.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chunk.text).toBe('console.log("chunk");\n');

    for (const route of ['/', '/index.html', '/dashboard']) {
      expect((await request(port, route)).headers['cache-control']).toBe('no-cache');
    }
    const remotes = await request(port, '/remotes.json');
    expect(remotes.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(remotes.text)).toEqual(REMOTES);
    expect((await request(port, '/main.js')).headers['cache-control']).toBe('no-cache');
    expect(JSON.parse((await request(port, '/config.json')).text)).toEqual({
      apiBaseUrl: `${API_ORIGIN}/`,
      imageOrigins: ['https://images.example'],
    });
  });

  it('compresses a file over 1 KiB with brotli or gzip, as the client accepts', async () => {
    const brotli = await request(port, '/big.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString('utf8')).toBe(BIG_JS);

    const zipped = await request(port, '/big.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/^accept-encoding$/i);
    expect(zlib.gunzipSync(zipped.body).toString('utf8')).toBe(BIG_JS);
    expect(zipped.body.length).toBeLessThan(Buffer.byteLength(BIG_JS));

    const plain = await request(port, '/big.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(BIG_JS);
  });

  it('sends the brotli file the build wrote instead of compressing per request', async () => {
    const answer = await request(port, '/pre.12345678.js', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.equals(PRECOMPRESSED_BR)).toBe(true);
  });

  it.each(['/123.abcdef12.js', '/main.js'])(
    'answers a revalidation of %s with 304 and no body while it is unchanged',
    async (route) => {
      const first = await request(port, route);
      expect(first.headers.etag).toBeTruthy();
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await request(port, route, {
        headers: { 'If-None-Match': String(first.headers.etag) },
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const stale = await request(port, route, { headers: { 'If-None-Match': '"other"' } });
      expect(stale.status).toBe(200);
    },
  );

  it('inlines remotes.json and config.json into the page, escaped so nothing closes the element', async () => {
    const configFile = path.join(dist, 'config.json');
    const config = { apiBaseUrl: `${API_ORIGIN}/`, imageOrigins: ['https://images.example'] };
    fs.writeFileSync(configFile, JSON.stringify({ ...config, note: '</script><script>alert(1)' }));
    try {
      const page = await request(port, '/dashboard');
      expect(page.text).not.toContain('</script><script>alert(1)');
      const inline = /<script type="application\/json" id="rc-deploy">(.*?)<\/script>/.exec(
        page.text,
      );
      expect(JSON.parse(inline?.[1] ?? 'null')).toEqual({
        remotes: REMOTES,
        config: { ...config, note: '</script><script>alert(1)' },
      });
    } finally {
      fs.writeFileSync(configFile, JSON.stringify(config));
    }
  });

  it('leaves a broken remotes.json out of the page, so the browser asks for it (and gets the 503)', async () => {
    const file = path.join(dist, 'remotes.json');
    fs.writeFileSync(file, '{"half": ');
    try {
      const page = await request(port, '/');
      expect(page.status).toBe(200);
      const inline = /<script type="application\/json" id="rc-deploy">(.*?)<\/script>/.exec(
        page.text,
      );
      expect(Object.keys(JSON.parse(inline?.[1] ?? 'null'))).toEqual(['config']);
    } finally {
      fs.writeFileSync(file, JSON.stringify(REMOTES));
    }
  });

  it("preloads the shell's startup chunks and the route's remote manifest, entry and chunk", async () => {
    let manifestRequests = 0;
    let revalidated = 0;
    const remote = http.createServer((req, res) => {
      if (req.url !== '/mf-manifest.json') return res.writeHead(404).end();
      manifestRequests += 1;
      if (req.headers['if-none-match'] === '"v1"') {
        revalidated += 1;
        return res.writeHead(304).end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' });
      res.end(JSON.stringify(FAKE_MANIFEST));
    });
    const remotePort = await listen(remote);
    const file = path.join(dist, 'remotes.json');
    const manifestUrl = `http://127.0.0.1:${remotePort}/mf-manifest.json`;
    fs.writeFileSync(file, JSON.stringify({ ...REMOTES, mfe_public: manifestUrl }));
    try {
      const page = await request(port, '/');
      const nonce = nonceOf(page.headers['content-security-policy']);
      expect(page.text.match(/<link rel="preload"[^>]*>/g)).toEqual([
        `<link rel="preload" as="script" href="/main.js" nonce="${nonce}">`,
        `<link rel="preload" as="script" href="/123.abcdef12.js" nonce="${nonce}">`,
        `<link rel="preload" as="fetch" crossorigin="anonymous" href="${manifestUrl}" nonce="${nonce}">`,
        `<link rel="preload" as="script" href="http://127.0.0.1:${remotePort}/remoteEntry.js" nonce="${nonce}">`,
        `<link rel="preload" as="script" href="http://127.0.0.1:${remotePort}/__federation_expose_Landing.0123abcd.js" nonce="${nonce}">`,
      ]);
      await request(port, '/');
      expect(revalidated).toBe(1);
      // a route no remote owns at first paint: the shell's chunks and the HTTP client only
      const other = await request(port, '/server/edit/1');
      expect(other.text.match(/<link rel="preload"[^>]*>/g)).toHaveLength(4);
      expect(manifestRequests).toBe(2);
    } finally {
      fs.writeFileSync(file, JSON.stringify(REMOTES));
      await close(remote);
    }
  });

  it('preloads the HTTP client on pages that call the API at once, and not on the landing or the dashboard; the dashboard gets its own chunk', async () => {
    const preloaded = async (route: string) =>
      [
        ...(await request(port, route)).text.matchAll(/<link rel="preload"[^>]* href="\/([^"]+)"/g),
      ].map((match) => match[1]);
    for (const route of ['/verify?server_id=1', '/login', '/server/edit/1'])
      expect(await preloaded(route)).toEqual([
        'main.js',
        '123.abcdef12.js',
        'http-client.11111111.js',
        '678.22222222.js',
      ]);
    for (const route of ['/', '/privacy', '/terms'])
      expect(await preloaded(route)).toEqual(['main.js', '123.abcdef12.js']);
    // the dashboard's early load makes its first calls: the client comes later, when needed; the
    // body and query layer the shell fetches as it boots there come at once (route table's pageChunk)
    expect(await preloaded('/dashboard?tab=servers')).toEqual([
      'main.js',
      '123.abcdef12.js',
      'dashboard.33333333.js',
      '87.44444444.js',
    ]);
  });

  it("hints the page's scripts before its entry's script tag, so they are fetched first and at high priority", async () => {
    const page = (await request(port, '/dashboard')).text;
    const entryTag = page.search(/<script nonce="[^"]*" defer src="?\/main\.js"?>/);
    expect(entryTag).toBeGreaterThan(0);
    const hints = [...page.matchAll(/<link rel="preload"[^>]*>/g)].map((match) => match.index);
    expect(hints).toHaveLength(4);
    for (const index of hints) expect(index).toBeLessThan(entryTag);
  });

  it('places the hints after the charset declaration, which stays first in <head>', async () => {
    const { createShellServer } = (await import(SHELL_SERVER)) as ShellServerModule;
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta charset=utf-8><title>RoConnect</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
    );
    // the template is read when the server is made
    const charsetFirst = createShellServer({
      distDir: dist,
      remotesFile: path.join(dist, 'remotes.json'),
      configFile: path.join(dist, 'config.json'),
    });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    try {
      const page = (await request(await listen(charsetFirst), '/dashboard')).text;
      expect(page).toMatch(
        /^<!doctype html><html><head><meta charset=utf-8><link rel="preload" as="script" href="\/main\.js"/,
      );
    } finally {
      await close(charsetFirst);
    }
  });

  it("inlines the dashboard's early load, with the page's nonce, after the config it reads", async () => {
    const page = await request(port, '/dashboard');
    const nonce = nonceOf(page.headers['content-security-policy']);
    const inline = `<script nonce="${nonce}">${EARLY_LOAD_JS}</script>`;
    expect(page.text).toContain(inline);
    expect(page.text.indexOf(inline)).toBeGreaterThan(page.text.indexOf('id="rc-deploy"'));
    for (const route of ['/', '/login', '/verify?server_id=1', '/server/edit/1'])
      expect((await request(port, route)).text).not.toContain('window.earlyLoad');
    // the router opens the dashboard at these addresses too
    for (const route of ['/Dashboard', '/dashboard/'])
      expect((await request(port, route)).text).toContain(EARLY_LOAD_JS);
  });

  it('leaves out an early load that could close its element, and one without a config to read', async () => {
    const { createShellServer } = (await import(SHELL_SERVER)) as ShellServerModule;
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-early-load-'));
    const servers: http.Server[] = [];
    try {
      fs.writeFileSync(path.join(other, 'index.html'), INDEX_HTML);
      fs.mkdirSync(path.join(other, 'early-load'));
      fs.writeFileSync(
        path.join(other, 'early-load', 'dashboard.js'),
        'x = "</script><script>alert(1)</script>";',
      );
      const dashboardOf = async (options: { distDir: string; configFile: string }) => {
        const server = createShellServer({
          ...options,
          remotesFile: path.join(dist, 'remotes.json'),
        });
        servers.push(server);
        return (await request(await listen(server), '/dashboard')).text;
      };
      const hostile = await dashboardOf({
        distDir: other,
        configFile: path.join(dist, 'config.json'),
      });
      expect(hostile).not.toContain('alert(1)');
      const noConfig = await dashboardOf({
        distDir: dist,
        configFile: path.join(other, 'missing-config.json'),
      });
      expect(noConfig).not.toContain('window.earlyLoad');
    } finally {
      await Promise.all(servers.map(close));
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("opens the connection to the API's origin early on pages that call it at once", async () => {
    const preconnect = `<link rel="preconnect" href="${API_ORIGIN}" crossorigin="anonymous">`;
    for (const route of ['/dashboard', '/verify?server_id=1', '/login'])
      expect((await request(port, route)).text).toContain(preconnect);
    for (const route of ['/', '/privacy'])
      expect((await request(port, route)).text).not.toContain('rel="preconnect"');
  });

  describe("the landing's public API answers, inlined", () => {
    let apiRequests = 0;
    let answer: () => [number, string] = () => [200, ''];
    let api: http.Server;
    const configFile = () => path.join(dist, 'config.json');
    const answersIn = (html: string) => {
      const match = /<script type="application\/json" id="rc-api-answers">(.*?)<\/script>/.exec(
        html,
      );
      return match ? (JSON.parse(match[1]!) as unknown) : null;
    };

    beforeAll(async () => {
      api = http.createServer((req, res) => {
        apiRequests += 1;
        if (req.url !== '/api/bot-stats') return res.writeHead(404).end();
        const [status, body] = answer();
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
      });
      const apiPort = await listen(api);
      fs.writeFileSync(configFile(), JSON.stringify({ apiBaseUrl: `http://127.0.0.1:${apiPort}` }));
    });
    beforeEach(async () => {
      apiRequests = 0;
      const { forgetPublicApiResponses } = (await import(PUBLIC_ANSWERS)) as {
        forgetPublicApiResponses(): void;
      };
      forgetPublicApiResponses();
    });
    afterAll(async () => {
      fs.writeFileSync(
        configFile(),
        JSON.stringify({ apiBaseUrl: `${API_ORIGIN}/`, imageOrigins: ['https://images.example'] }),
      );
      await close(api);
    });

    it("puts the API's current bot stats in the landing, escaped; pages served together share one call", async () => {
      const stats = (users: number) => ({
        success: true,
        data: { total_users: users, total_servers: 3, note: '</script>' },
      });
      let users = 12;
      answer = () => [200, JSON.stringify(stats(users))];
      const page = await request(port, '/');
      expect(page.text).not.toContain('"</script>');
      expect(answersIn(page.text)).toEqual({ '/api/bot-stats': stats(12) });

      users = 13;
      const together = await Promise.all([request(port, '/'), request(port, '/')]);
      for (const again of together)
        expect(answersIn(again.text)).toEqual({ '/api/bot-stats': stats(13) });
      expect(apiRequests).toBe(2);

      expect(answersIn((await request(port, '/dashboard')).text)).toBeNull();
      expect(apiRequests).toBe(2);
    });

    it('uses the last answer when the API stops answering', async () => {
      const stats = { success: true, data: { total_users: 5, total_servers: 1 } };
      answer = () => [200, JSON.stringify(stats)];
      await request(port, '/');
      answer = () => [503, '{}'];
      expect(answersIn((await request(port, '/')).text)).toEqual({ '/api/bot-stats': stats });
    });

    it.each([
      ['an error status', () => [503, JSON.stringify({ success: false })] as [number, string]],
      ['an error envelope', () => [200, JSON.stringify({ success: false })] as [number, string]],
      ['something that is not JSON', () => [200, '<html>'] as [number, string]],
    ])('leaves the answer out when the API sends %s', async (_what, send) => {
      answer = send;
      const page = await request(port, '/');
      expect(page.status).toBe(200);
      expect(answersIn(page.text)).toBeNull();
    });
  });

  it('still serves the page, without remote hints, when the remote does not answer', async () => {
    const file = path.join(dist, 'remotes.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ ...REMOTES, mfe_public: 'http://127.0.0.1:9/mf-manifest.json' }),
    );
    try {
      const page = await request(port, '/');
      expect(page.status).toBe(200);
      expect(page.text.match(/<link rel="preload"[^>]*>/g)).toHaveLength(2);
      expect(page.text).toContain('<div id=root></div>');
    } finally {
      fs.writeFileSync(file, JSON.stringify(REMOTES));
    }
  });

  describe("the landing's prerendered view (mfe-public's prerender/landing.html)", () => {
    const FRAGMENT =
      '<style data-rc-prerender="">.hero{color:red}</style>' +
      '<div><h1 id="landing-title">Connect Discord &amp; Roblox</h1><p>costs $& and $1</p></div>';
    let fragmentBody = FRAGMENT;
    let fragmentStatus = 200;
    let fragmentRequests: (string | undefined)[] = [];
    let remote: http.Server;
    let manifestUrl: string;
    const file = () => path.join(dist, 'remotes.json');

    beforeAll(async () => {
      remote = http.createServer((req, res) => {
        if (req.url === '/mf-manifest.json') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify(FAKE_MANIFEST));
        }
        if (req.url !== '/prerender/landing.html') return res.writeHead(404).end();
        fragmentRequests.push(req.headers['if-none-match']);
        if (fragmentStatus === 200 && req.headers['if-none-match'] === '"f1"')
          return res.writeHead(304).end();
        res.writeHead(fragmentStatus, { 'Content-Type': 'text/html', ETag: '"f1"' });
        return res.end(fragmentBody);
      });
      const remotePort = await listen(remote);
      manifestUrl = `http://127.0.0.1:${remotePort}/mf-manifest.json`;
    });
    beforeEach(() => {
      fragmentBody = FRAGMENT;
      fragmentStatus = 200;
      fragmentRequests = [];
      fs.writeFileSync(file(), JSON.stringify({ ...REMOTES, mfe_public: manifestUrl }));
    });
    afterAll(async () => {
      fs.writeFileSync(file(), JSON.stringify(REMOTES));
      await close(remote);
    });

    it("inlines it into #root in the shell's frame (its <main>, the parcel's region), its style element carrying the nonce of the CSP header", async () => {
      const page = await request(port, '/');
      const nonce = nonceOf(page.headers['content-security-policy']);
      expect(page.text).toContain(
        '<div id="root"><main><section aria-label="Home" data-remote="mfe_public" data-remote-status="loading"><div>' +
          `<div data-rc-prerender="mfe_public/Landing"><style nonce="${nonce}" data-rc-prerender="">.hero{color:red}</style>` +
          '<div><h1 id="landing-title">Connect Discord &amp; Roblox</h1><p>costs $& and $1</p></div></div>' +
          '</div></section></main></div>',
      );
      expect(page.text.match(/<style[^>]*>/g)).toEqual([
        `<style nonce="${nonce}" data-rc-prerender="">`,
      ]);
      // revalidated with its ETag on the next page, and still inlined from the cache
      const again = await request(port, '/');
      expect(fragmentRequests).toEqual([undefined, '"f1"']);
      expect(again.text).toContain('<h1 id="landing-title">');
    });

    it('asks for no script before the first paint: its preloads and entry script come from a nonce-bearing loader', async () => {
      const page = await request(port, '/');
      const nonce = nonceOf(page.headers['content-security-policy']);
      // the only scripts the HTML names itself are the template's body script and the loader
      expect(page.text.match(/<script [^>]*src=[^>]*>/g)).toEqual([
        `<script nonce="${nonce}" src="/123.abcdef12.js">`,
      ]);
      expect(page.text).not.toContain('rel="preload"');
      const loader = new RegExp(`<script nonce="${nonce}">([^<]*)</script></body>`).exec(
        page.text,
      )?.[1];
      expect(loader).toContain('first-contentful-paint');
      const plan = JSON.parse(/\)\((\{.*\})\)$/.exec(loader ?? '')?.[1] ?? 'null');
      const remote = new URL(manifestUrl).origin;
      expect(plan).toEqual({
        hints: [
          { href: '/123.abcdef12.js', as: 'script' },
          { href: manifestUrl, as: 'fetch' },
          { href: `${remote}/remoteEntry.js`, as: 'script' },
          { href: `${remote}/__federation_expose_Landing.0123abcd.js`, as: 'script' },
        ],
        entry: ['/main.js'],
      });
    });

    it('inlines nothing on a route that has no prerendered view', async () => {
      const page = await request(port, '/login');
      expect(page.text).toContain('<div id=root></div>');
      expect(page.text).toMatch(/<script nonce="[^"]+" defer src="\/main\.js"><\/script>/);
      expect(fragmentRequests).toEqual([]);
    });

    it('serves the page without it when the remote has none (404)', async () => {
      fragmentStatus = 404;
      const page = await request(port, '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id=root></div>');
      expect(page.text).not.toContain('data-rc-prerender');
    });

    it.each([
      ['a script', '<style data-rc-prerender="">a{}</style><script>alert(1)</script>'],
      ['a second style element', '<style data-rc-prerender="">a{}</style><style>b{}</style>'],
      ['no leading style element', '<main>hello</main>'],
      ['a style element never closed', '<style data-rc-prerender="">a{}'],
    ])('serves the page without it when the fragment holds %s', async (_what, body) => {
      fragmentBody = body;
      const page = await request(port, '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id=root></div>');
      expect(page.text).not.toContain('data-rc-prerender');
    });
  });

  it.each(TRAVERSALS)('refuses the traversal %s', async (route) => {
    const answer = await request(port, route);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain(SECRET);
  });

  it('answers 404, not index.html, for a missing asset with an extension', async () => {
    const answer = await request(port, '/missing-chunk.0badf00d.js');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('<div id=root>');
    expect(answer.headers['content-security-policy']).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'DELETE'])('answers %s with 405', async (method) => {
    const answer = await request(port, '/dashboard', { method });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('answers HEAD with the headers and no body', async () => {
    const answer = await request(port, '/dashboard', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toContain("'nonce-");
    expect(answer.body.length).toBe(0);
  });

  it('refuses to start without a built index.html', async () => {
    const { createShellServer } = (await import(SHELL_SERVER)) as ShellServerModule;
    expect(() =>
      createShellServer({ distDir: path.join(tmp, 'nowhere'), remotesFile: 'x', configFile: 'y' }),
    ).toThrow(/No index\.html/);
  });
});

describe('createStaticServer (server/serve-static.mjs)', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const { createStaticServer } = (await import(STATIC_SERVER)) as StaticServerModule;
    server = createStaticServer(dist);
    port = await listen(server);
  });
  afterAll(() => close(server));

  it('serves files with a CORS header, so the shell on another origin can load them', async () => {
    const answer = await request(port, '/123.abcdef12.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.text).toBe('console.log("chunk");\n');
  });

  it('answers a CORS preflight', async () => {
    const answer = await request(port, '/remotes.json', { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });

  it('falls back to index.html for a client route', async () => {
    const answer = await request(port, '/standalone/accounts?x=1');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.text).toBe(INDEX_HTML);
  });

  it('answers 404 for a missing file', async () => {
    const answer = await request(port, '/mf-manifest.json');
    expect(answer.status).toBe(404);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.text).toBe('Not found');
  });

  it.each(TRAVERSALS)('refuses the traversal %s', async (route) => {
    const answer = await request(port, route);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain(SECRET);
  });

  it('answers POST with 405', async () => {
    expect((await request(port, '/', { method: 'POST' })).status).toBe(405);
  });
});
