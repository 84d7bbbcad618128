// The API on the shell's origin: `/_api/*` is passed to the API's server (docs/deployment.md).
// A page that calls its own origin makes no CORS preflight, and its calls share the connections
// its scripts came on. config.json names it with `"apiBaseUrl": "/_api"`.
import httpProxy from '@fastify/http-proxy';

export const API_PROXY_PREFIX = '/_api';
/** Longer than the browser's longest call (shared-lib's API_TIMEOUTS.longMs, 120 s). */
const UPSTREAM_TIMEOUT_MS = 130_000;

const sendEnvelope = (reply, statusCode, error, message) =>
  reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, error, message }));

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
      onError: (reply, { error }) => {
        const timedOut = error?.statusCode === 504;
        sendEnvelope(
          reply,
          timedOut ? 504 : 502,
          timedOut ? 'api_timeout' : 'api_unreachable',
          timedOut
            ? 'The API did not answer in time. Please try again.'
            : 'The API cannot be reached right now. Please try again in a moment.',
        );
      },
    },
  });
}
