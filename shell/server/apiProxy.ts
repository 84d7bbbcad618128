// The API on the shell's origin: `/_api/*` is passed to the API's server (docs/deployment.md).
// A page that calls its own origin makes no CORS preflight, and its calls share the connections
// its scripts came on. config.json names it with `"apiBaseUrl": "/_api"`. A page the API fails
// (the browser opened an API address, as an OAuth callback does) goes to the web app's error page.
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverErrorPagePath } from '../src/features/errors/serverErrorPage';
import { COMPRESSION_THRESHOLD_BYTES } from './static-files.mjs';

export const API_PROXY_PREFIX = '/_api';

/**
 * The API's routes a browser calls (shared-lib/src/api/endpoints.ts, the OAuth callbacks, the
 * landing's counts), Discord's interactions, which docs/production.md points at API_URL (this
 * origin in the one-origin setup; each is signed), and the developer API other bots and games call
 * with a server's key (its own OpenAPI document included), at the address the Developers page
 * shows. Nothing else under `/_api` reaches the API: /metrics, the dashboard's OpenAPI document
 * and any route added later answer 404 until named here.
 */
const PUBLIC_PREFIXES = ['/auth/', '/roblox/', '/api/v1/', '/api/public/v1/'];
const PUBLIC_PATHS = new Set(['/api/health', '/api/bot-stats', '/api/interactions']);
/** Dot segments and encoded dots or slashes: a path that could mean another once normalised. */
const AMBIGUOUS_PATH = /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\/i;

/** Whether `pathname` (the API's path, without `/_api`, without the query) is public. */
export function isPublicApiPath(pathname: string): boolean {
  if (AMBIGUOUS_PATH.test(pathname)) return false;
  return PUBLIC_PATHS.has(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p));
}

/** Headers a client could use to name another address or host to the API: never passed on. */
const CLIENT_FORWARDING_HEADERS = ['forwarded', 'x-real-ip', 'x-forwarded-host'];
/** Longer than the browser's longest call (shared-lib's API_TIMEOUTS.longMs, 120 s). */
const UPSTREAM_TIMEOUT_MS = 130_000;

const sendEnvelope = (reply: FastifyReply, statusCode: number, error: string, message: string) =>
  reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ success: false, error, message }));

const sendUnreachable = (reply: FastifyReply) =>
  sendEnvelope(
    reply,
    502,
    'api_unreachable',
    'The API cannot be reached right now. Please try again in a moment.',
  );

/**
 * The browser opening an API address as its page (an OAuth callback coming back through this
 * origin), not a script's call: the Fetch Metadata header every current browser sends.
 */
function isPageLoad(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers['sec-fetch-mode'] === 'navigate'
  );
}

/**
 * A page the API failed to answer (`status`, 5xx): the web app's error page rather than the API's
 * JSON, with this address as `from` so that its Try Again loads it again.
 */
function sendToErrorPage(request: FastifyRequest, reply: FastifyReply, status: number) {
  for (const name of Object.keys(reply.getHeaders())) reply.removeHeader(name);
  return reply
    .code(303)
    .headers({ location: serverErrorPagePath(status, request.url), 'cache-control': 'no-store' })
    .send();
}

/**
 * The API's answer passed on. @fastify/compress compresses every stream, whatever its length, so a
 * short answer (most of the API's: a few hundred bytes) is read whole first: as a buffer it goes
 * out uncompressed below the compression threshold, as the shell's own short answers do. Longer
 * answers, and those of unknown length, stream and are compressed as before.
 */
function passAnswerOn(request: FastifyRequest, reply: FastifyReply, res: ProxiedAnswer) {
  if (res.statusCode >= 500 && isPageLoad(request)) {
    res.stream.resume(); // its JSON is not for a person
    return sendToErrorPage(request, reply, res.statusCode);
  }
  const length = Number(res.headers['content-length']);
  const short = Number.isInteger(length) && length < COMPRESSION_THRESHOLD_BYTES;
  if (!short || request.method === 'HEAD') return reply.send(res.stream);
  const chunks: Buffer[] = [];
  res.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.stream.on('error', () => sendUnreachable(reply));
  res.stream.on('end', () => reply.send(Buffer.concat(chunks)));
  return reply;
}

/** The API's answer as @fastify/http-proxy hands it over. */
interface ProxiedAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  stream: NodeJS.ReadableStream;
}

/** API_UPSTREAM, checked: the API's own http(s) address; the local stack's API when unset. */
export function apiUpstreamSetting(value = 'http://127.0.0.1:3000'): string {
  let url: URL;
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
export function isProxiedApiBase(apiBaseUrl: unknown): boolean {
  return typeof apiBaseUrl === 'string' && apiBaseUrl.replace(/\/+$/, '') === API_PROXY_PREFIX;
}

/**
 * Where this server itself reads the API (the landing's public counts): config.json's
 * apiBaseUrl when it is absolute, the upstream when the API is proxied, else nowhere.
 */
export function serverSideApiBase(
  apiBaseUrl: unknown,
  upstream: string | undefined,
): string | undefined {
  if (typeof apiBaseUrl === 'string' && /^https?:\/\//.test(apiBaseUrl)) return apiBaseUrl;
  return isProxiedApiBase(apiBaseUrl) && upstream ? upstream : undefined;
}

/**
 * `upstream`: the API's own address (API_UPSTREAM). Without one the prefix answers 503, naming the
 * setting, rather than falling through to the page. Only the public routes pass (isPublicApiPath);
 * the rest answer 404 here. The API is told the client's address: `request.ip`, which is the
 * browser's when this server's TRUST_PROXY names the ingress in front of it (server.mjs), so the
 * API's TRUST_PROXY names this server and nothing else.
 */
export function registerApiProxy(app: FastifyInstance, upstream: string | undefined): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', (request, reply, done) => {
      const pathname = request.url.slice(API_PROXY_PREFIX.length).split('?')[0] ?? '';
      if (isPublicApiPath(pathname)) return done();
      sendEnvelope(reply, 404, 'not_found', 'There is no such API route.');
    });
    if (!upstream) {
      scope.all(`${API_PROXY_PREFIX}/*`, async (_request, reply) =>
        sendEnvelope(
          reply,
          503,
          'api_not_configured',
          'This server passes /_api to no API: set API_UPSTREAM to the API’s address.',
        ),
      );
      return;
    }
    scope.register(httpProxy, {
      upstream,
      prefix: API_PROXY_PREFIX,
      rewritePrefix: '',
      // the API's Location headers (OAuth redirects) name their own absolute URLs: left as they are
      internalRewriteLocationHeader: false,
      undici: { headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS },
      replyOptions: {
        // One address, the client's as this server resolved it: whatever the browser (or an
        // untrusted hop) sent as X-Forwarded-* is replaced, so it cannot choose its address.
        rewriteRequestHeaders: (request, headers) => {
          const passed: Record<string, unknown> = {
            ...headers,
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
          };
          for (const name of CLIENT_FORWARDING_HEADERS) delete passed[name];
          return passed as typeof headers;
        },
        onResponse: (request, reply, res) =>
          passAnswerOn(
            request as FastifyRequest,
            reply as FastifyReply,
            res as unknown as ProxiedAnswer,
          ),
        onError: (reply, { error }) => {
          const timedOut = (error as { statusCode?: number } | undefined)?.statusCode === 504;
          const { request } = reply as FastifyReply;
          if (isPageLoad(request))
            return sendToErrorPage(request, reply as FastifyReply, timedOut ? 504 : 502);
          return timedOut
            ? sendEnvelope(
                reply as FastifyReply,
                504,
                'api_timeout',
                'The API did not answer in time. Please try again.',
              )
            : sendUnreachable(reply as FastifyReply);
        },
      },
    });
  });
}
