/** @jest-environment node */
import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';
import { close, listen } from '../testing/http';

// tools/origin/httpsIngress.mjs: the one HTTPS origin with HTTP/2 in front of the stack (plain Node
// ESM, no types), which the benchmark and the e2e suite serve the app through.
interface Certificate {
  cert: string;
  key: string;
}
interface Ingress {
  origin: string;
  close(): Promise<void>;
}
interface IngressModule {
  localhostCertificate(): Promise<Certificate>;
  spkiFingerprint(cert: string): string;
  startHttpsIngress(options: {
    cert: string;
    key: string;
    routes?: Record<string, string>;
    fallback: string;
    upstreamTimeoutMs?: number;
  }): Promise<Ingress>;
}
const INGRESS = '../origin/httpsIngress.mjs';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An upstream that records what reached it and answers with its name. */
async function upstream(name: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      // Node's server adds Connection and Keep-Alive, which HTTP/2 forbids: the ingress drops them
      res.writeHead(200, { 'content-type': 'text/plain', 'x-upstream': name });
      res.end(req.method === 'POST' ? `${name} got ${body.length} bytes` : `${name}:${req.url}`);
    });
  });
  const port = await listen(server);
  return { seen, origin: `http://127.0.0.1:${port}`, close: () => close(server) };
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}

/** One request over HTTP/2, trusting `cert` only. */
function h2Request(
  origin: string,
  cert: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer & { alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { ca: cert });
    session.on('error', reject);
    const stream = session.request({
      ':path': path,
      ':method': options.method ?? 'GET',
      ...options.headers,
    });
    let headers: Record<string, unknown> = {};
    const chunks: Buffer[] = [];
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const alpn = (session.socket as tls.TLSSocket).alpnProtocol;
      session.close();
      resolve({
        status: Number(headers[':status']),
        headers,
        text: Buffer.concat(chunks).toString('utf8'),
        alpn,
      });
    });
    stream.on('error', reject);
    stream.end(options.body);
  });
}

/** One request over HTTP/1.1 with TLS (a browser without HTTP/2). */
function h1Request(origin: string, cert: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${origin}${path}`, { ca: cert, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let ingressModule: IngressModule;
let certificate: Certificate;
let shell: Awaited<ReturnType<typeof upstream>>;
let accounts: Awaited<ReturnType<typeof upstream>>;
let accountsBeta: Awaited<ReturnType<typeof upstream>>;
let ingress: Ingress;

beforeAll(async () => {
  ingressModule = (await import(INGRESS)) as IngressModule;
  certificate = await ingressModule.localhostCertificate();
  [shell, accounts, accountsBeta] = await Promise.all([
    upstream('shell'),
    upstream('accounts'),
    upstream('accounts-beta'),
  ]);
  ingress = await ingressModule.startHttpsIngress({
    ...certificate,
    routes: {
      '/remotes/accounts/': accounts.origin,
      '/remotes/accounts/beta/': accountsBeta.origin,
    },
    fallback: shell.origin,
  });
});

afterAll(async () => {
  await ingress?.close();
  await Promise.all([shell, accounts, accountsBeta].map((u) => u?.close()));
});

describe('httpsIngress', () => {
  it('serves HTTP/2 over TLS, routes by the longest prefix and removes it', async () => {
    const { cert } = certificate;
    const chunk = await h2Request(ingress.origin, cert, '/remotes/accounts/chunk.1a2b3c4d.js');
    expect(chunk).toMatchObject({ status: 200, alpn: 'h2', text: 'accounts:/chunk.1a2b3c4d.js' });
    expect(chunk.headers['x-upstream']).toBe('accounts');

    const beta = await h2Request(ingress.origin, cert, '/remotes/accounts/beta/mf-manifest.json');
    expect(beta.text).toBe('accounts-beta:/mf-manifest.json');

    const page = await h2Request(ingress.origin, cert, '/dashboard?tab=servers');
    expect(page.text).toBe('shell:/dashboard?tab=servers');
    // a path that only starts like a route's prefix is not that route's
    const lookalike = await h2Request(ingress.origin, cert, '/remotes/accountsX/a.js');
    expect(lookalike.text).toBe('shell:/remotes/accountsX/a.js');
  });

  it('answers browsers without HTTP/2 over HTTP/1.1 with TLS', async () => {
    const answer = await h1Request(ingress.origin, certificate.cert, '/remotes/accounts/x.js');
    expect(answer).toMatchObject({ status: 200, text: 'accounts:/x.js' });
    expect(answer.headers['x-upstream']).toBe('accounts');
  });

  it("passes on the browser's host and scheme, and its own address in place of a claimed one", async () => {
    await h2Request(ingress.origin, certificate.cert, '/login', {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'http' },
    });
    const { headers } = shell.seen.at(-1)!;
    expect(headers.host).toBe(new URL(ingress.origin).host);
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('streams a request body to the upstream whole', async () => {
    const body = 'x'.repeat(300_000);
    const answer = await h2Request(ingress.origin, certificate.cert, '/_api/upload', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body,
    });
    expect(answer.text).toBe('shell got 300000 bytes');
    expect(shell.seen.at(-1)).toMatchObject({ method: 'POST', url: '/_api/upload', body });
  });

  it('answers 502 naming the upstream when it is down, and keeps serving the others', async () => {
    const down = await upstream('down');
    await down.close();
    const spare = await ingressModule.startHttpsIngress({
      ...certificate,
      routes: { '/remotes/gone/': down.origin },
      fallback: shell.origin,
    });
    try {
      const answer = await h2Request(
        spare.origin,
        certificate.cert,
        '/remotes/gone/remoteEntry.js',
      );
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.text)).toEqual({
        error: 'upstream_unavailable',
        message: `${down.origin} did not answer /remoteEntry.js (ECONNREFUSED).`,
      });
      const after = await h2Request(spare.origin, certificate.cert, '/');
      expect(after).toMatchObject({ status: 200, text: 'shell:/' });
    } finally {
      await spare.close();
    }
  });

  it('answers 504 when an upstream stays silent, and then serves the next request', async () => {
    const silent = http.createServer(() => {
      // never answers
    });
    const silentPort = await listen(silent);
    const spare = await ingressModule.startHttpsIngress({
      ...certificate,
      routes: { '/remotes/slow/': `http://127.0.0.1:${silentPort}` },
      fallback: shell.origin,
      upstreamTimeoutMs: 200,
    });
    try {
      const answer = await h2Request(spare.origin, certificate.cert, '/remotes/slow/a.js');
      expect(answer.status).toBe(504);
      expect(JSON.parse(answer.text)).toEqual({
        error: 'upstream_timeout',
        message: `http://127.0.0.1:${silentPort} did not answer /a.js within 200 ms.`,
      });
      const after = await h2Request(spare.origin, certificate.cert, '/');
      expect(after).toMatchObject({ status: 200, text: 'shell:/' });
    } finally {
      await spare.close();
      silent.closeAllConnections();
      await close(silent);
    }
  });

  it('refuses routes it could not match and upstreams that are not http: origins', async () => {
    const { startHttpsIngress } = ingressModule;
    const start = (routes: Record<string, string>, fallback = shell.origin) =>
      startHttpsIngress({ ...certificate, routes, fallback });
    await expect(start({ '/remotes/a': accounts.origin })).rejects.toThrow(
      'Ingress route "/remotes/a" must start and end with "/"',
    );
    await expect(start({ '/': accounts.origin })).rejects.toThrow('Ingress route "/"');
    await expect(start({ '/a/': 'https://127.0.0.1:1' })).rejects.toThrow(
      'Ingress route /a/: "https://127.0.0.1:1" must be an http: origin without a path.',
    );
    await expect(start({}, '127.0.0.1:8080')).rejects.toThrow(
      'Ingress fallback: "127.0.0.1:8080" is not an absolute URL.',
    );
  });

  it("gives the fingerprint of the certificate's public key that clients are shown", async () => {
    const { host, port } = new URL(ingress.origin);
    const peer = await new Promise<tls.PeerCertificate>((resolve, reject) => {
      const socket = tls.connect(
        { host: host.split(':')[0], port: Number(port), ca: certificate.cert },
        () => {
          resolve(socket.getPeerCertificate());
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    // what Chromium's --ignore-certificate-errors-spki-list compares: SHA-256 of the served key
    const served = crypto.createHash('sha256').update(peer.pubkey!).digest('base64');
    expect(ingressModule.spkiFingerprint(certificate.cert)).toBe(served);
  });
});
