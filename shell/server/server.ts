// The shell's production server (Fastify): static files with ETags, precompressed bodies and cache
// headers; index.html for every client route with its title and social tags, a per-response CSP
// nonce, remotes.json and config.json inlined and preload hints for the route's remote;
// GET /api/csp-nonce for the nonce.
// It never falls over: a bad deploy file is a 503 for that file (the page then carries nothing
// inlined for it and the browser asks again), a failed request a 500 for that request, a malformed
// request a 400 for that client; SIGTERM closes it gracefully.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { API_PATHS, INLINED_PAGE } from '@roconnect/shared-lib/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRoute } from '../src/app/routeTable';
import { routeRowFor } from '../src/app/routeMatch';
import {
  createFastifyServer,
  looksLikeFile,
  registerStaticFiles,
  sendJson,
  sendNotFound,
} from './static-files.mjs';
import { PERMISSIONS_POLICY, buildCsp, createNonce, originsOf, servedOverHttps } from './csp';
import { entryAfterFirstPaint } from './entryAfterFirstPaint';
import { withBotStats } from './prerenderedCounts';
import { prerenderedElement, prerenderedFragment } from './prerenderedFragment';
import { linkTags, preconnectTag, remoteHints } from './remoteHints';
import { pageMetaOf, withPageMeta } from './pageHead';
import type { PreloadHint } from './entryAfterFirstPaint';
import { publicApiResponses } from './publicApiResponses';
import { registerApiProxy, serverSideApiBase } from './apiProxy';

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** The shell's mount point in index.html (minified by the build), where a prerendered view goes. */
const ROOT_ELEMENT = /<div id="?root"?><\/div>/;

/** A deploy-time JSON file: { text, value } when it is there and whole, else { error }. */
type DeployFileRead =
  | { text: string; value: unknown; error?: undefined }
  | { status: number; error: string; message: string; value?: undefined };

function readDeployFile(file: string, name: string): DeployFileRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return {
      status: 503,
      error: 'deploy_file_unavailable',
      message: `${name} cannot be read (${errorText(error)}); try again shortly.`,
    };
  }
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    return {
      status: 503,
      error: 'deploy_file_invalid',
      message: `${name} is not valid JSON (a deploy may be writing it); try again shortly.`,
    };
  }
}

/**
 * Serve remotes.json or config.json only when it is there and whole. A missing, half-written or
 * malformed file is a 503 naming the file, never a crash: the page itself still loads, and the
 * shell shows each remote's fallback (or uses the same origin for the API).
 */
function serveDeployFile(reply: FastifyReply, file: string, name: string) {
  const read = readDeployFile(file, name);
  if ('text' in read)
    return reply
      .headers({ 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' })
      .type('application/json; charset=utf-8')
      .send(read.text);
  return sendJson(reply, read.status, { error: read.error, file: name, message: read.message });
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header || '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** `<head>` and, when it comes first, the charset declaration the hints are placed after. */
const HEAD_START = /<head>(\s*<meta charset=[^>]*>)?/i;

/** JSON inside a <script> element: nothing in it can close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What landing-assets.json (written by the build) names, as preload hints. */
interface StartupHints {
  entry: PreloadHint[];
  startup: PreloadHint[];
  httpClient: PreloadHint[];
  /** by page chunk name (a route's `pageChunk`) */
  pages: Record<string, PreloadHint[]>;
}

/**
 * The shell's entry, the chunks it imports at start, those of the HTTP client and those of each
 * page chunk (landing-assets.json, written by the build): preloaded from the page so they download
 * beside main.js instead of after it has run. The entry is hinted too: a `defer` script is fetched
 * at low priority, after the page's own API calls, and it is the largest file of the start.
 */
function readStartupHints(root: string): StartupHints {
  const hint = (file: string): PreloadHint => ({ href: `/${file}`, as: 'script' });
  try {
    const {
      entry = [],
      startup,
      httpClient = [],
      pages = {},
    } = JSON.parse(fs.readFileSync(path.join(root, 'landing-assets.json'), 'utf8')) as {
      entry?: string[];
      startup?: string[];
      httpClient?: string[];
      pages?: Record<string, string[]>;
    };
    if (!startup) throw new Error('landing-assets.json names no startup chunks');
    return {
      entry: entry.map(hint),
      startup: startup.map(hint),
      httpClient: httpClient.map(hint),
      pages: Object.fromEntries(
        Object.entries(pages).map(([name, files]) => [name, files.map(hint)]),
      ),
    };
  } catch {
    return { entry: [], startup: [], httpClient: [], pages: {} };
  }
}

/**
 * The route table's rows for the server (route-table.json, written by the build from
 * src/app/routeTable.ts), each with its router path. Without the file every page is served
 * plain: no hints, nothing inlined, no early load; the shell then does it all from the browser.
 */
export function readRouteTable(root: string): ServerRoute[] {
  const file = path.join(root, 'route-table.json');
  try {
    const rows: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(rows)) throw new Error('it is not a JSON array');
    const pathless = rows.findIndex(
      (row: unknown) => typeof (row as Partial<ServerRoute> | null)?.path !== 'string',
    );
    if (pathless !== -1) throw new Error(`row ${pathless} has no "path" string`);
    return rows as ServerRoute[];
  } catch (error) {
    console.warn(
      `${file} cannot be used (${errorText(error)}): pages are served without their route's hints; build the shell (npm run build -w @roconnect/shell).`,
    );
    return [];
  }
}

/**
 * The inline early loads the build wrote (dist/early-load/), by route. One that is missing, or
 * that could close its own <script> element, is left out: the page then works without it.
 */
function readEarlyLoads(root: string, routes: ServerRoute[]): Map<ServerRoute, string> {
  const loads = new Map<ServerRoute, string>();
  for (const route of routes) {
    if (!route.earlyLoad) continue;
    try {
      const code = fs.readFileSync(path.join(root, 'early-load', route.earlyLoad), 'utf8');
      if (!/<\/script|<!--/i.test(code)) loads.set(route, code);
    } catch {
      // not built: the shell makes the calls itself
    }
  }
  return loads;
}

/**
 * `trustProxy`: whose X-Forwarded-For names the client (TRUST_PROXY, read by trustProxySetting);
 * false when nothing stands in front of this server.
 */
export function createShellServer({
  distDir,
  remotesFile,
  configFile,
  apiUpstream,
  trustProxy = false,
}: {
  distDir: string;
  remotesFile: string;
  configFile: string;
  /** the API's address (API_UPSTREAM): `/_api/*` goes there; without one it answers 503 */
  apiUpstream?: string;
  trustProxy?: boolean | string;
}): http.Server {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile))
    throw new Error(
      `No index.html in ${root}: build the shell first (npm run build -w @roconnect/shell).`,
    );
  const template = fs.readFileSync(indexFile, 'utf8');
  const startupHints = readStartupHints(root);
  const pageRoutes = readRouteTable(root);
  const earlyLoads = readEarlyLoads(root, pageRoutes);

  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const nonce = createNonce();
    const https = servedOverHttps(request.raw);
    // Read per request: a deploy changes these files without restarting the server.
    const remotesFileRead = readDeployFile(remotesFile, 'remotes.json');
    const configFileRead = readDeployFile(configFile, 'config.json');
    const remotes = (remotesFileRead.value ?? {}) as Record<string, unknown>;
    const config = (configFileRead.value ?? {}) as { apiBaseUrl?: unknown; imageOrigins?: unknown };
    const csp = buildCsp({
      nonce,
      remoteOrigins: originsOf(Object.values(remotes)),
      apiOrigins: originsOf([config.apiBaseUrl]),
      imageOrigins: originsOf(Array.isArray(config.imageOrigins) ? config.imageOrigins : []),
    });
    const inline = {
      ...(remotesFileRead.value !== undefined ? { remotes: remotesFileRead.value } : {}),
      ...(configFileRead.value !== undefined ? { config: configFileRead.value } : {}),
    };
    const pathname = new URL(request.url, 'http://shell').pathname;
    const route = routeRowFor(pageRoutes, pathname);
    const parcel = route?.firstParcel;
    // a remote's page only: the prerendered view goes into the frame of its parcel's region
    const parcelLabel = route?.parcelLabel;
    const manifestUrl = parcel ? remotes[parcel.remote] : undefined;
    const [hints, fragment, answers] = await Promise.all([
      parcel && typeof manifestUrl === 'string' ? remoteHints(manifestUrl, parcel.expose) : [],
      parcel?.prerender && parcelLabel && typeof manifestUrl === 'string'
        ? prerenderedFragment(manifestUrl, parcel.prerender)
        : null,
      publicApiResponses(
        serverSideApiBase(config.apiBaseUrl, apiUpstream),
        route?.publicCalls ?? [],
      ),
    ]);
    const callsApiAtOnce = route?.callsApiAtOnce === true;
    const earlyLoad =
      route && configFileRead.value !== undefined ? earlyLoads.get(route) : undefined;
    // a page whose first calls the early load makes needs the HTTP client only later
    const clientHints = callsApiAtOnce && !earlyLoad ? startupHints.httpClient : [];
    // the connection to the API opens while the scripts download, not after they have run
    const apiOrigin = callsApiAtOnce && originsOf([config.apiBaseUrl])[0];
    // a prerendered page loads its entry once painted (entryAfterFirstPaint.mjs): no hint for it
    const entryHints = fragment ? [] : startupHints.entry;
    // the page's own chunk (the dashboard's body and query layer) before its remote's parcel: the
    // shell needs it to mount anything
    const pageHints = (route?.pageChunk && startupHints.pages[route.pageChunk]) || [];
    const preloads = [
      ...entryHints,
      ...startupHints.startup,
      ...clientHints,
      ...pageHints,
      ...hints,
    ];
    const head =
      `<script type="application/json" id="${INLINED_PAGE.deployElementId}">${scriptSafeJson(inline)}</script>` +
      (Object.keys(answers).length > 0
        ? `<script type="application/json" id="${INLINED_PAGE.apiAnswersElementId}">${scriptSafeJson(answers)}</script>`
        : '') +
      (apiOrigin ? preconnectTag(apiOrigin) : '') +
      // after the inlined config.json it reads and the hints: the page's first API calls leave now
      (earlyLoad ? `<script nonce="${nonce}">${earlyLoad}</script>` : '');
    // First in <head>, before the entry's `defer` script tag: the browser requests what the page
    // needs at start in this order, at high priority, before the early load's API calls.
    // A prerendered page asks for its scripts once it is painted (entryAfterFirstPaint.mjs).
    const hintTags = fragment ? '' : linkTags(preloads, nonce);
    // the route's own title and social tags in place of the template's (the landing's)
    const meta = pageMetaOf(route);
    let html = (meta ? withPageMeta(template, meta) : template)
      .replace(/<script /g, `<script nonce="${nonce}" `)
      // after the charset declaration, which must stay within the page's first 1,024 bytes
      .replace(HEAD_START, (start) => `${start}${hintTags}`)
      .replace('</head>', () => `${head}</head>`);
    if (fragment && parcel && parcelLabel)
      html = entryAfterFirstPaint(
        html.replace(
          ROOT_ELEMENT,
          () =>
            `<div id="root">${prerenderedElement(withBotStats(fragment, answers[API_PATHS.botStats]), { ...parcel, label: parcelLabel }, nonce)}</div>`,
        ),
        nonce,
        preloads,
      );
    return reply
      .headers({
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': PERMISSIONS_POLICY,
        ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
        'Set-Cookie': `${INLINED_PAGE.nonceCookie}=${nonce}; Path=${API_PATHS.cspNonce}; HttpOnly; SameSite=Strict${https ? '; Secure' : ''}`,
      })
      .type('text/html; charset=utf-8')
      .send(html);
  }

  const routes = (app: FastifyInstance) => {
    app.get(API_PATHS.cspNonce, async (request, reply) => {
      const nonce = cookieValue(request.headers.cookie, INLINED_PAGE.nonceCookie);
      if (!nonce || !NONCE_PATTERN.test(nonce))
        return sendJson(reply, 404, {
          error: 'no_page_nonce',
          message: 'Load a page first: no nonce was issued to this browser.',
        });
      return sendJson(reply, 200, { nonce });
    });
    app.get('/remotes.json', async (_request, reply) =>
      serveDeployFile(reply, remotesFile, 'remotes.json'),
    );
    app.get('/config.json', async (_request, reply) =>
      serveDeployFile(reply, configFile, 'config.json'),
    );
    registerApiProxy(app, apiUpstream);
    app.get('/', servePage);
    app.get('/index.html', servePage);
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
      url: '/*',
      handler: async (_request, reply) => reply.code(405).header('Allow', 'GET, HEAD').send(),
    });
    registerStaticFiles(app, root);
    // Everything else is a client route (the page) unless it names a file that is not there.
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return reply.code(405).header('Allow', 'GET, HEAD').send();
      if (looksLikeFile(request.url)) return sendNotFound(reply);
      return servePage(request, reply);
    });
  };
  return createFastifyServer(routes, { trustProxy });
}

function errorText(error: unknown): string {
  return (
    (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error))
  );
}
