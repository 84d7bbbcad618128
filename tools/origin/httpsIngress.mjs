// One HTTPS origin with HTTP/2 in front of the local stack, as a production CDN or ingress puts
// it in front of the shell and the remotes (docs/production.md › The web app): paths are routed by prefix
// (`/remotes/mfe_accounts/…` to that remote's server, the prefix removed; everything else to the
// shell), so the page, its scripts, the remotes' files and the API calls share one connection.
// The benchmark measures the dashboard through it beside the plain HTTP/1.1 stack `npm start` runs
// (docs/production.md › The web app). Browsers without HTTP/2 get HTTP/1.1 over TLS.
import crypto from 'node:crypto';
import http from 'node:http';
import http2 from 'node:http2';
import selfsigned from 'selfsigned';

/** Headers that describe one connection (RFC 9113 §8.2.2 forbids them in HTTP/2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
]);

/** A certificate for `localhost` and 127.0.0.1 that only this run's browser is told to trust. */
export async function localhostCertificate() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    days: 2,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** The value of Chromium's `--ignore-certificate-errors-spki-list` that trusts `cert` alone. */
export function spkiFingerprint(cert) {
  const spki = new crypto.X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha256').update(spki).digest('base64');
}

/** `routes`' prefixes checked: each starts and ends with `/`; each target is an http: origin. */
function parseRoutes(routes, fallback) {
  const parsed = Object.entries(routes).map(([prefix, target]) => {
    if (!/^\/(.+\/)?$/.test(prefix) || prefix === '/')
      throw new Error(`Ingress route "${prefix}" must start and end with "/" (e.g. /remotes/a/).`);
    return { prefix, target: upstreamUrl(target, `route ${prefix}`) };
  });
  // the longest prefix wins, so /remotes/ab/ is not taken by /remotes/a/
  parsed.sort((a, b) => b.prefix.length - a.prefix.length);
  return { routes: parsed, fallback: upstreamUrl(fallback, 'fallback') };
}

function upstreamUrl(value, what) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Ingress ${what}: "${value}" is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' || url.pathname !== '/' || url.search)
    throw new Error(`Ingress ${what}: "${value}" must be an http: origin without a path.`);
  return url;
}

/** Where `path` goes: the matching route's upstream with its prefix removed, else the fallback. */
function resolveUpstream({ routes, fallback }, path) {
  for (const route of routes)
    if (path.startsWith(route.prefix))
      return { target: route.target, path: `/${path.slice(route.prefix.length)}` };
  return { target: fallback, path };
}

function requestHeaders(request) {
  const headers = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
  // the browser's host, scheme and address, as a TLS-terminating proxy passes them on
  headers.host = request.headers[':authority'] || request.headers.host;
  headers['x-forwarded-proto'] = 'https';
  headers['x-forwarded-for'] = request.socket.remoteAddress;
  return headers;
}

function responseHeaders(upstream) {
  const headers = {};
  for (const [name, value] of Object.entries(upstream.headers))
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  return headers;
}

function sendError(response, status, error, message) {
  // a timeout's 504 already went out (destroying the upstream then also reports an error)
  if (response.writableEnded) return;
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ error, message }));
}

/**
 * Starts the ingress on `port` (0: a free one) of 127.0.0.1. `routes` maps path prefixes to
 * upstream origins (`{ '/remotes/mfe_accounts/': 'http://127.0.0.1:3002' }`); `fallback` takes
 * every other path. An upstream silent for `upstreamTimeoutMs` is a 504. Resolves with
 * `{ origin, close }`; the origin names `localhost`, which the certificate covers. Bad routes throw
 * before anything listens.
 */
export async function startHttpsIngress({
  cert,
  key,
  routes = {},
  fallback,
  port = 0,
  upstreamTimeoutMs = 30_000,
}) {
  const table = parseRoutes(routes, fallback);
  const server = http2.createSecureServer({ cert, key, allowHTTP1: true }, (request, response) => {
    const { target, path } = resolveUpstream(table, request.url);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path,
        headers: requestHeaders(request),
        timeout: upstreamTimeoutMs,
      },
      (answer) => {
        response.writeHead(answer.statusCode, responseHeaders(answer));
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('timeout', () => {
      upstream.destroy();
      sendError(
        response,
        504,
        'upstream_timeout',
        `${target.origin} did not answer ${path} within ${upstreamTimeoutMs} ms.`,
      );
    });
    upstream.on('error', (error) => {
      sendError(
        response,
        502,
        'upstream_unavailable',
        `${target.origin} did not answer ${path} (${error.code || error.message}).`,
      );
    });
    // a browser that goes away mid-answer: the upstream request is dropped too
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  // a client's broken TLS handshake or stream is that client's problem, never the process's
  server.on('sessionError', () => {});
  server.on('tlsClientError', () => {});
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // closing ends the kept-alive connections too (HTTP/2 sessions and HTTP/1.1 sockets alike)
  const sockets = new Set();
  server.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    origin: `https://localhost:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
