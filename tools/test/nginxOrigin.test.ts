/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { close, listen } from '../testing/http';

// deploy/nginx/roconnect.conf in Debian's nginx (tools/origin/nginxOrigin.mjs renders and starts
// it; npm test installs nginx first): routing, the API's allow-list, the client's address, the
// remotes' files and their caching, against stand-in upstreams.
interface NginxModule {
  renderNginxConfig(template: string, values: Record<string, string>): string;
  startNginx(options: {
    dir: string;
    apiAddress: string;
    shellAddress: string;
    remotesDir: string;
    cert: string;
    key: string;
  }): Promise<{ origin: string; stop(): Promise<void> }>;
}
interface IngressModule {
  localhostCertificate(): Promise<{ cert: string; key: string }>;
}

// plain Node ESM, no types: loaded by path
const NGINX_ORIGIN = '../origin/nginxOrigin.mjs';
const INGRESS = '../origin/httpsIngress.mjs';
const API_PROXY = '../../shell/server/apiProxy';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  socket: number;
}

/** An upstream that records what reached it (and on which connection) and answers its name. */
async function upstream(name: string) {
  const seen: Seen[] = [];
  const sockets = new Map<unknown, number>();
  const server = http.createServer((req, res) => {
    if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
    seen.push({ url: req.url ?? '', headers: req.headers, socket: sockets.get(req.socket)! });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ upstream: name, url: req.url }));
  });
  const port = await listen(server);
  return { seen, address: `127.0.0.1:${port}`, close: () => close(server) };
}

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

let session: http2.ClientHttp2Session;

/** One request on the test's HTTP/2 session (one connection, as a browser's). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': pathname, ...headers });
    let answerHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (answerHeaders = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve({
        status: Number(answerHeaders[':status']),
        headers: answerHeaders,
        body,
        text: body.toString('utf8'),
      });
    });
    stream.on('error', reject);
    stream.end();
  });
}

const CHUNK = 'console.log("a chunk of the accounts remote");'.repeat(40);
let dir: string;
let api: Awaited<ReturnType<typeof upstream>>;
let shell: Awaited<ReturnType<typeof upstream>>;
let nginx: { origin: string; stop(): Promise<void> };
let nginxModule: NginxModule;
let cert: string;
let key: string;

beforeAll(async () => {
  nginxModule = (await import(NGINX_ORIGIN)) as NginxModule;
  const ingress = (await import(INGRESS)) as IngressModule;
  ({ cert, key } = await ingress.localhostCertificate());
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-config-test-'));
  const accounts = path.join(dir, 'remotes', 'mfe_accounts');
  fs.mkdirSync(accounts, { recursive: true });
  fs.writeFileSync(path.join(accounts, 'chunk.1a2b3c4d.js'), CHUNK);
  fs.writeFileSync(path.join(accounts, 'chunk.1a2b3c4d.js.br'), zlib.brotliCompressSync(CHUNK));
  fs.writeFileSync(path.join(accounts, 'chunk.1a2b3c4d.js.gz'), zlib.gzipSync(CHUNK));
  fs.writeFileSync(path.join(accounts, 'mf-manifest.json'), '{"name":"mfe_accounts"}');
  fs.mkdirSync(path.join(dir, 'nginx'));
  [api, shell] = await Promise.all([upstream('api'), upstream('shell')]);
  nginx = await nginxModule.startNginx({
    dir: path.join(dir, 'nginx'),
    apiAddress: api.address,
    shellAddress: shell.address,
    remotesDir: path.join(dir, 'remotes'),
    cert,
    key,
  });
  session = http2.connect(nginx.origin, { ca: cert });
}, 30_000);

afterAll(async () => {
  session?.close();
  await nginx?.stop();
  await Promise.all([api?.close(), shell?.close()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('deploy/nginx/roconnect.conf', () => {
  it("sends the API's public routes, the developer API's included, straight to the API, without /_api, over kept-alive connections", async () => {
    const before = api.seen.length;
    for (const pathname of [
      '/_api/api/v1/dashboard/user/servers?page=2',
      '/_api/auth/discord-url',
      '/_api/roblox/callback?code=x&state=y',
      '/_api/api/health',
      '/_api/api/bot-stats',
      '/_api/api/interactions',
      '/_api/api/public/v1/openapi.json',
      '/_api/api/public/v1/servers/300000000000000001/members/200000000000000002',
    ]) {
      const answer = await get(pathname);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ upstream: 'api', url: pathname.slice(5) });
    }
    const calls = api.seen.slice(before);
    expect(calls).toHaveLength(8);
    // one upstream connection carried them all (the upstream's keepalive)
    expect(new Set(calls.map((call) => call.socket)).size).toBe(1);
  });

  it("refuses every other /_api path itself: /metrics, the dashboard's OpenAPI document, ambiguous paths", async () => {
    const before = api.seen.length;
    for (const pathname of [
      '/_api/metrics',
      '/_api/documentation/json',
      '/_api/api/healthz',
      '/_api/api/v1/../../metrics',
      '/_api/api/v1/%2e%2e/%2e%2e/metrics',
      '/_api/api/v1/a%2fb',
      '/_api/auth/..%5cmetrics',
      '/_api/api/public/v1/../../docs/openapi.json',
      '/_api/api/public/v1/%2e%2e/%2e%2e/docs/openapi.json',
    ]) {
      const answer = await get(pathname);
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 404 });
      expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: 'not_found' });
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(api.seen.length).toBe(before);
  });

  it("passes exactly the paths the shell's /_api passes (apiProxy.ts's allow-list)", async () => {
    const { isPublicApiPath } = (await import(API_PROXY)) as {
      isPublicApiPath(pathname: string): boolean;
    };
    const candidates = [
      '/api/health',
      '/api/bot-stats',
      '/api/interactions',
      '/api/csp-nonce',
      '/api/healthz',
      '/api/v1',
      '/api/v1/servers/1/binds',
      '/api/v2/servers',
      '/api/public/v1/openapi.json',
      '/api/public/v1/servers/1/members/2',
      '/api/public/v1',
      '/api/public/v2/servers/1/members/2',
      '/api/public/openapi.json',
      '/api/docs/openapi.json',
      '/auth',
      '/auth/refresh',
      '/roblox/callback',
      '/metrics',
      '/documentation',
      '/documentation/json',
      '/openapi.json',
      '/__emulator/state',
    ];
    for (const pathname of candidates) {
      const before = api.seen.length;
      await get(`/_api${pathname}`);
      const forwarded = api.seen.length > before;
      expect({ pathname, forwarded }).toEqual({ pathname, forwarded: isPublicApiPath(pathname) });
    }
  });

  it('names the client and the scheme to the API, replacing what the browser claimed', async () => {
    await get('/_api/api/health', {
      'x-forwarded-for': '203.0.113.9',
      'x-real-ip': '203.0.113.9',
      forwarded: 'for=203.0.113.9',
      'x-forwarded-proto': 'http',
    });
    const { headers } = api.seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers.host).toBe('localhost');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });

  it("serves a remote's hashed chunk from disk, immutable, brotli when accepted", async () => {
    const brotli = await get('/remotes/mfe_accounts/chunk.1a2b3c4d.js', {
      'accept-encoding': 'gzip, br',
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(CHUNK);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');

    const gzip = await get('/remotes/mfe_accounts/chunk.1a2b3c4d.js', {
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/remotes/mfe_accounts/chunk.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(CHUNK);
    expect(shell.seen.some((call) => call.url.startsWith('/remotes/'))).toBe(false);
  });

  it("answers a remote's manifest no-cache, with an ETag to revalidate it, and 404 a missing file", async () => {
    const manifest = await get('/remotes/mfe_accounts/mf-manifest.json');
    expect(manifest).toMatchObject({ status: 200, text: '{"name":"mfe_accounts"}' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await get('/remotes/mfe_accounts/mf-manifest.json', {
      'if-none-match': String(manifest.headers.etag),
    });
    expect(again.status).toBe(304);
    expect((await get('/remotes/mfe_accounts/gone.12345678.js')).status).toBe(404);
  });

  it("sends pages and everything else to the shell's server", async () => {
    for (const pathname of [
      '/',
      '/dashboard?tab=servers',
      '/remotes.json',
      '/_apix',
      '/api/csp-nonce',
    ]) {
      const answer = await get(pathname);
      expect(JSON.parse(answer.text)).toEqual({ upstream: 'shell', url: pathname });
    }
    expect(shell.seen.at(-1)!.headers['x-forwarded-proto']).toBe('https');
  });

  it("answers the shell's 502 envelope when no API replica answers", async () => {
    const down = await upstream('down');
    await down.close();
    const spareDir = path.join(dir, 'nginx-down');
    fs.mkdirSync(spareDir);
    const spare = await nginxModule.startNginx({
      dir: spareDir,
      apiAddress: down.address,
      shellAddress: shell.address,
      remotesDir: path.join(dir, 'remotes'),
      cert,
      key,
    });
    const other = http2.connect(spare.origin, { ca: cert });
    try {
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const stream = other.request({ ':path': '/_api/api/health' });
        let status = 0;
        let text = '';
        stream.on('response', (h) => (status = Number(h[':status'])));
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve({ status, text }));
        stream.on('error', reject);
      });
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.text)).toMatchObject({ success: false, error: 'api_unreachable' });
    } finally {
      other.close();
      await spare.stop();
    }
  });

  it('names every placeholder it leaves unfilled', () => {
    expect(() =>
      nginxModule.renderNginxConfig('listen ${ROCONNECT_LISTEN}; root ${ROCONNECT_REMOTES_DIR};', {
        ROCONNECT_LISTEN: '443',
      }),
    ).toThrow('ROCONNECT_REMOTES_DIR');
  });
});
