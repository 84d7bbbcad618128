/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_PATHS } from '@roconnect/shared-lib/contract';
import { close, listen, request, type ShellServerModule, writeRouteTable } from './serverTestHttp';

interface ApiProxyModule {
  apiUpstreamSetting(value?: string): string;
}
const SHELL_SERVER = '../server/server';
const API_PROXY = '../server/apiProxy';
const TRUST_PROXY = '../server/trustProxy';

interface SeenByApi {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let tmp: string;
let dist: string;
let api: http.Server;
let apiPort: number;
let seen: SeenByApi[] = [];

const SHORT_ANSWER = JSON.stringify({ success: true, data: { servers: ['a'.repeat(300)] } });
const LONG_ANSWER = JSON.stringify({ success: true, data: { servers: ['b'.repeat(8000)] } });
const JSON_TYPE = 'application/json; charset=utf-8';

/** Answers of known and unknown length, whole or cut off, by path. */
const ANSWERS: Record<string, (res: http.ServerResponse) => void> = {
  '/api/v1/answers/short': (res) =>
    res
      .writeHead(200, { 'content-type': JSON_TYPE, 'content-length': SHORT_ANSWER.length })
      .end(SHORT_ANSWER),
  '/api/v1/answers/long': (res) =>
    res
      .writeHead(200, { 'content-type': JSON_TYPE, 'content-length': LONG_ANSWER.length })
      .end(LONG_ANSWER),
  '/api/v1/answers/unknown-length': (res) => {
    res.writeHead(200, { 'content-type': JSON_TYPE }); // chunked
    res.write(SHORT_ANSWER.slice(0, 100));
    res.end(SHORT_ANSWER.slice(100));
  },
  '/auth/fails?code=c&state=s': (res) =>
    res
      .writeHead(500, { 'content-type': JSON_TYPE })
      .end(JSON.stringify({ success: false, error: 'internal_error', message: 'Boom.' })),
  '/api/v1/answers/cut-off': (res) => {
    res.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': SHORT_ANSWER.length });
    res.write(SHORT_ANSWER.slice(0, 100), () => res.destroy());
  },
};

/** A stand-in API: records what reaches it and answers like the real one. */
function startFakeApi(): Promise<number> {
  api = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url === '/api/bot-stats')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: true, data: { total_users: 41, total_servers: 7 } }));
      const answer = ANSWERS[req.url ?? ''];
      if (answer) return answer(res);
      if (req.url?.startsWith('/auth/callback'))
        return res
          .writeHead(302, { location: 'http://localhost:8080/auth/callback?session=s1' })
          .end();
      res
        .writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          'set-cookie': 'rc_oauth_browser=abc; Path=/; HttpOnly; SameSite=Lax',
          'x-token-expired': 'false',
        })
        .end(JSON.stringify({ success: true, data: { echoed: req.url } }));
    });
  });
  return listen(api);
}

function shellServer(apiUpstream: string | undefined, trustProxy?: string) {
  return import(SHELL_SERVER).then(({ createShellServer }: ShellServerModule) =>
    createShellServer({
      distDir: dist,
      remotesFile: path.join(dist, 'remotes.json'),
      configFile: path.join(dist, 'config.json'),
      apiUpstream,
      trustProxy,
    }),
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-api-proxy-'));
  dist = path.join(tmp, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>RoConnect</title></head><body><div id=root></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'remotes.json'), JSON.stringify({}));
  fs.writeFileSync(path.join(dist, 'config.json'), JSON.stringify({ apiBaseUrl: '/_api' }));
  writeRouteTable(dist);
  apiPort = await startFakeApi();
});
afterAll(async () => {
  await close(api);
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
});

describe('the API on the shell’s origin (/_api)', () => {
  let shell: http.Server;
  let port: number;
  beforeAll(async () => {
    shell = await shellServer(`http://127.0.0.1:${apiPort}`);
    port = await listen(shell);
  });
  afterAll(() => close(shell));

  it('passes a call to the API without the prefix (method, query, body, token) and its answer back', async () => {
    const body = JSON.stringify({ refresh_token: 'r1' });
    const reply = await request(port, '/_api/auth/refresh?x=1', {
      method: 'POST',
      headers: {
        authorization: 'Bearer t1',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
      body,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/auth/refresh?x=1', body });
    expect(seen[0]!.headers.authorization).toBe('Bearer t1');
    expect(reply.status).toBe(201);
    expect(JSON.parse(reply.text)).toEqual({
      success: true,
      data: { echoed: '/auth/refresh?x=1' },
    });
    // the OAuth binding cookie is set on the page's origin, and the client reads its headers
    expect(reply.headers['set-cookie']).toEqual([
      'rc_oauth_browser=abc; Path=/; HttpOnly; SameSite=Lax',
    ]);
    expect(reply.headers['x-token-expired']).toBe('false');
  });

  it("tells the API the browser's address, and a forged X-Forwarded-For does not reach it", async () => {
    await request(port, '/_api/auth/me', {
      headers: {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        forwarded: 'for=203.0.113.9',
        'x-real-ip': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
      },
    });
    expect(seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen[0]!.headers['x-forwarded-proto']).toBe('http');
    expect(seen[0]!.headers).not.toHaveProperty('forwarded');
    expect(seen[0]!.headers).not.toHaveProperty('x-real-ip');
    expect(seen[0]!.headers).not.toHaveProperty('x-forwarded-host');
  });

  it('passes every path the browser calls (shared-lib’s API_PATHS) to the API', async () => {
    const own = new Set<string>([API_PATHS.cspNonce, API_PATHS.openapi]);
    const paths = Object.values(API_PATHS)
      .map((p) => (typeof p === 'function' ? p('111', '222') : p))
      .filter((p) => !own.has(p));
    expect(paths.length).toBeGreaterThan(30);
    for (const p of paths) await request(port, `/_api${p}`);
    expect(seen.map((call) => call.url)).toEqual(paths);
    // Discord's interactions, signed, for an API_URL on this origin (docs/production.md)
    expect((await request(port, '/_api/api/interactions', { method: 'POST' })).status).toBe(201);
  });

  it("answers 404 for the API's internal routes and anything not public, without calling the API", async () => {
    const internal = [
      '/_api/metrics',
      '/_api/api/docs/openapi.json',
      '/_api/api/docs',
      '/_api',
      '/_api/',
      '/_api/api/healthz',
      '/_api/api/v1/../../metrics',
      '/_api/api/v1/%2e%2e/%2e%2e/metrics',
      '/_api/auth/..%2f..%2fmetrics',
      '/_api//metrics',
      '/_api/METRICS',
    ];
    for (const p of internal) {
      for (const method of ['GET', 'POST']) {
        const reply = await request(port, p, { method });
        expect({ p, method, status: reply.status }).toEqual({ p, method, status: 404 });
        expect(JSON.parse(reply.text)).toMatchObject({ success: false, error: 'not_found' });
      }
    }
    expect(seen).toEqual([]);
  });

  it("leaves the API's redirects as they are (the OAuth callback sends the browser to the app)", async () => {
    const reply = await request(port, '/_api/auth/callback?code=c&state=s');
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('http://localhost:8080/auth/callback?session=s1');
  });

  describe('a page the API fails (the browser opened an API address, as an OAuth callback)', () => {
    const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };

    it('goes to the web app’s 500 page with from=<that address>, not to the API’s JSON', async () => {
      const reply = await request(port, '/_api/auth/fails?code=c&state=s', { headers: NAVIGATE });
      expect(reply.status).toBe(303);
      expect(reply.headers.location).toBe(
        `/500?from=${encodeURIComponent('/_api/auth/fails?code=c&state=s')}`,
      );
      expect(reply.headers['content-type']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.text).toBe('');
    });

    it('a script’s call still gets the API’s error answer', async () => {
      const reply = await request(port, '/_api/auth/fails?code=c&state=s', {
        headers: { 'sec-fetch-mode': 'cors' },
      });
      expect(reply.status).toBe(500);
      expect(JSON.parse(reply.text)).toMatchObject({ error: 'internal_error' });
    });

    it('a page the API answers (its redirect) is passed on as it is', async () => {
      const reply = await request(port, '/_api/auth/callback?code=c&state=s', {
        headers: NAVIGATE,
      });
      expect(reply.status).toBe(302);
      expect(reply.headers.location).toBe('http://localhost:8080/auth/callback?session=s1');
    });
  });

  it('passes only /_api/…: the shell’s own routes and look-alike paths are not the API’s', async () => {
    const page = await request(port, '/_apix/auth/me');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await request(port, '/api/csp-nonce')).status).toBe(404); // the shell's own answer
    expect(seen).toEqual([]);
  });

  it("reads the landing's public counts from the API itself, not through its own proxy", async () => {
    const page = await request(port, '/');
    expect(page.text).toContain('"total_users":41');
    expect(seen.map((call) => call.url)).toEqual(['/api/bot-stats']);
    expect(seen[0]!.headers['x-forwarded-for']).toBeUndefined();
  });

  describe('its answers, compressed only where it pays', () => {
    const ACCEPTS = { 'accept-encoding': 'br, gzip' };

    it('sends a short answer whole and as it came, with its length (no compressor for it)', async () => {
      const reply = await request(port, '/_api/api/v1/answers/short', { headers: ACCEPTS });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['content-length']).toBe(String(SHORT_ANSWER.length));
      expect(reply.headers['content-type']).toBe(JSON_TYPE);
      expect(reply.text).toBe(SHORT_ANSWER);
    });

    it('compresses a long answer for a browser that takes brotli', async () => {
      const reply = await request(port, '/_api/api/v1/answers/long', { headers: ACCEPTS });
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.body.length).toBeLessThan(LONG_ANSWER.length / 10);
      expect(zlib.brotliDecompressSync(reply.body).toString('utf8')).toBe(LONG_ANSWER);
    });

    it('compresses an answer of unknown length, which streams as before', async () => {
      const reply = await request(port, '/_api/api/v1/answers/unknown-length', {
        headers: ACCEPTS,
      });
      expect(reply.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(reply.body).toString('utf8')).toBe(SHORT_ANSWER);
    });

    it('answers a short answer cut off by the API with a 502 envelope, not a truncated body', async () => {
      const reply = await request(port, '/_api/api/v1/answers/cut-off', { headers: ACCEPTS });
      expect(reply.status).toBe(502);
      expect(JSON.parse(reply.text)).toEqual({
        success: false,
        error: 'api_unreachable',
        message: 'The API cannot be reached right now. Please try again in a moment.',
      });
    });

    it('sends a short answer to a client that takes no compression as it came', async () => {
      const reply = await request(port, '/_api/api/v1/answers/short');
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.text).toBe(SHORT_ANSWER);
    });
  });
});

describe('behind an ingress (TRUST_PROXY names it)', () => {
  // 127.0.0.2 stands for the ingress, 127.0.0.1 for a client that reaches the shell directly
  const INGRESS = '127.0.0.2';
  let shell: http.Server;
  let port: number;
  beforeAll(async () => {
    shell = await shellServer(`http://127.0.0.1:${apiPort}`, INGRESS);
    port = await listen(shell);
  });
  afterAll(() => close(shell));

  it('tells the API the client the ingress names, not the ingress (one address per client)', async () => {
    for (const client of ['198.51.100.7', '198.51.100.8'])
      await request(port, '/_api/auth/discord-url', {
        localAddress: INGRESS,
        headers: { 'x-forwarded-for': client, 'x-forwarded-proto': 'https' },
      });
    expect(seen.map((call) => call.headers['x-forwarded-for'])).toEqual([
      '198.51.100.7',
      '198.51.100.8',
    ]);
    // the ingress's own scheme is passed on: the browser came over https
    expect(seen[0]!.headers['x-forwarded-proto']).toBe('https');
  });

  it('a client that puts its own X-Forwarded-For before the ingress’s is still named by the ingress', async () => {
    // the ingress appends the address it saw to whatever the client sent
    await request(port, '/_api/auth/discord-url', {
      localAddress: INGRESS,
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
    });
    expect(seen[0]!.headers['x-forwarded-for']).toBe('198.51.100.7');
  });

  it('a client that reaches the shell without the ingress cannot choose its address', async () => {
    await request(port, '/_api/auth/discord-url', {
      localAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(seen[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen[0]!.headers['x-forwarded-proto']).toBe('http');
  });
});

describe('when the API does not answer', () => {
  it('answers 502 with the API’s error envelope, and the pages are still served', async () => {
    const gone = http.createServer();
    const gonePort = await listen(gone);
    await close(gone);
    const shell = await shellServer(`http://127.0.0.1:${gonePort}`);
    const port = await listen(shell);
    try {
      const reply = await request(port, '/_api/api/v1/dashboard/user/servers');
      expect(reply.status).toBe(502);
      expect(reply.headers['content-type']).toContain('application/json');
      expect(JSON.parse(reply.text)).toEqual({
        success: false,
        error: 'api_unreachable',
        message: 'The API cannot be reached right now. Please try again in a moment.',
      });
      expect((await request(port, '/dashboard')).status).toBe(200);
      // a page (an OAuth callback coming back) goes to the service-unavailable page instead
      const page = await request(port, '/_api/roblox/callback?code=c', {
        headers: { 'sec-fetch-mode': 'navigate' },
      });
      expect(page.status).toBe(303);
      expect(page.headers.location).toBe(
        `/502?from=${encodeURIComponent('/_api/roblox/callback?code=c')}`,
      );
    } finally {
      await close(shell);
    }
  });

  it('without API_UPSTREAM, /_api answers 503 naming the setting instead of serving the page', async () => {
    const shell = await shellServer(undefined);
    const port = await listen(shell);
    try {
      const reply = await request(port, '/_api/auth/me');
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.text)).toMatchObject({
        success: false,
        error: 'api_not_configured',
      });
      expect(JSON.parse(reply.text).message).toContain('API_UPSTREAM');
    } finally {
      await close(shell);
    }
  });
});

describe('API_UPSTREAM', () => {
  it('is an http(s) origin; anything else is refused with a message naming it', async () => {
    const { apiUpstreamSetting } = (await import(API_PROXY)) as ApiProxyModule;
    expect(apiUpstreamSetting()).toBe('http://127.0.0.1:3000');
    expect(apiUpstreamSetting('https://api.internal:8443/')).toBe('https://api.internal:8443');
    expect(() => apiUpstreamSetting('not a url')).toThrow(
      'API_UPSTREAM must be the API\'s http(s) address, got "not a url"',
    );
    expect(() => apiUpstreamSetting('ftp://api.internal')).toThrow(/^API_UPSTREAM must be an http/);
    expect(() => apiUpstreamSetting('http://api.internal/v1')).toThrow(/without a path/);
  });
});

describe('TRUST_PROXY', () => {
  it('takes what the API’s TRUST_PROXY takes; anything else is refused with a message naming it', async () => {
    const { trustProxySetting } = (await import(TRUST_PROXY)) as {
      trustProxySetting(value?: string): boolean | string;
    };
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('')).toBe(false);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('10.0.0.0/8, loopback,::1, fd00::/8')).toBe(
      '10.0.0.0/8,loopback,::1,fd00::/8',
    );
    for (const bad of ['yes', '2', 'ingress.internal', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1'])
      expect(() => trustProxySetting(bad)).toThrow(
        `TRUST_PROXY must be true, false or the ingress's addresses/CIDRs separated by commas, got "${bad}"`,
      );
  });
});
