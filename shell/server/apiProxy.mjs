// The API on the shell's origin: `/_api/*` is passed to the API's server (docs/deployment.md).
// A page that calls its own origin makes no CORS preflight, and its calls share the connections
// its scripts came on. config.json names it with `"apiBaseUrl": "/_api"`.
import httpProxy from '@fastify/http-proxy';
import { COMPRESSION_THRESHOLD_BYTES } from '../../tools/static-files.mjs';

export const API_PROXY_PREFIX = '/_api';
/** Longer than the browser's longest call (shared-lib's API_TIMEOUTS.longMs, 120 s). */
const UPSTREAM_TIMEOUT_MS = 130_000;

const sendEnvelope = (reply, statusCode, error, message) =>
  reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, error, message }));

const sendUnreachable = (reply) =>
  sendEnvelope(
    reply,
    502,
    'api_unreachable',
    'The API cannot be reached right now. Please try again in a moment.',
  );

/**
 * The API's answer passed on. @fastify/compress compresses every stream, whatever its length, so a
 * short answer (most of the API's: a few hundred bytes) is read whole first: as a buffer it goes
 * out uncompressed below the compression threshold, as the shell's own short answers do. Longer
 * answers, and those of unknown length, stream and are compressed as before.
 */
function passAnswerOn(request, reply, res) {
  const length = Number(res.headers['content-length']);
  const short = Number.isInteger(length) && length < COMPRESSION_THRESHOLD_BYTES;
  if (!short || request.method === 'HEAD') return reply.send(res.stream);
  const chunks = [];
  res.stream.on('data', (chunk) => chunks.push(chunk));
  res.stream.on('error', () => sendUnreachable(reply));
  res.stream.on('end', () => reply.send(Buffer.concat(chunks)));
  return reply;
}

/** API_UPSTREAM, checked: the API's own http(s) address; the local stack's API when unset. */
export function apiUpstreamSetting(value = 'http://127.0.0.1:3000') {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`API_UPSTREAM must be the API's http(s) address, got "${value}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search)
    throw new Error(`API_UPSTREAM must be an http(s) origin without a path, got "${value}"`);
  return url.origin;
}

/** What a relative apiBaseUrl means: the API through this server, at `API_PROXY_PREFIX`. */
export function isProxiedApiBase(apiBaseUrl) {
  return typeof apiBaseUrl === 'string' && apiBaseUrl.replace(/\/+$/, '') === API_PROXY_PREFIX;
}

/**
 * Where this server itself reads the API (the landing's public counts): config.json's
 * apiBaseUrl when it is absolute, the upstream when the API is proxied, else nowhere.
 */
export function serverSideApiBase(apiBaseUrl, upstream) {
  if (/^https?:\/\//.test(apiBaseUrl ?? '')) return apiBaseUrl;
  return isProxiedApiBase(apiBaseUrl) && upstream ? upstream : undefined;
}

/**
 * `upstream`: the API's own address (API_UPSTREAM). Without one the prefix answers 503, naming the
 * setting, rather than falling through to the page.
 */
export function registerApiProxy(app, upstream) {
  if (!upstream) {
    app.all(`${API_PROXY_PREFIX}/*`, async (_request, reply) =>
      sendEnvelope(
        reply,
        503,
        'api_not_configured',
        'This server passes /_api to no API: set API_UPSTREAM to the API’s address.',
      ),
    );
    return;
  }
  app.register(httpProxy, {
    upstream,
    prefix: API_PROXY_PREFIX,
    rewritePrefix: '',
    // the API's Location headers (OAuth redirects) name their own absolute URLs: left as they are
    internalRewriteLocationHeader: false,
    undici: { headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS },
    replyOptions: {
      // the API sees the browser's address (its TRUST_PROXY names this server), not this server's;
      // whatever the browser sent as X-Forwarded-* is replaced, so it cannot choose its address
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        'x-forwarded-for': request.ip,
        'x-forwarded-proto': request.protocol,
      }),
      onResponse: passAnswerOn,
      onError: (reply, { error }) =>
        error?.statusCode === 504
          ? sendEnvelope(
              reply,
              504,
              'api_timeout',
              'The API did not answer in time. Please try again.',
            )
          : sendUnreachable(reply),
    },
  });
}
