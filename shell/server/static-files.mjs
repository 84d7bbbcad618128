// Static file serving shared by the shell's production server and the remotes' servers
// (serve-static.mjs, serve-remotes.mjs), on
// Fastify with @fastify/static and @fastify/compress: ETag / Last-Modified and 304s, the brotli and
// gzip files the build wrote next to each asset (no compression per request), immutable caching
// for content-hashed chunks and no-cache for the files a deploy changes in place (HTML,
// remotes.json, mf-manifest.json, remoteEntry.js, the shell's main.js).
import http from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
export const JSON_TYPE = TYPES['.json'];
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const PRECOMPRESSED = /\.(br|gz)$/;

export function cacheControlFor(filePath) {
  return HASHED.test(filePath.replace(PRECOMPRESSED, ''))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** Bodies smaller than this go uncompressed: a compressor costs more than the bytes it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * A Fastify app on a plain `http.Server`, returned at once (callers and tests listen on it
 * themselves); requests wait until the plugins are registered. Bodies over 1 KiB that are not
 * precompressed (the page, JSON answers) are compressed with brotli or gzip per request.
 * `trustProxy`: Fastify's, whose X-Forwarded-For names the client (false: the socket's address).
 */
export function createFastifyServer(register, { trustProxy = false } = {}) {
  let server;
  let ready;
  const app = Fastify({
    serverFactory(handler) {
      server = http.createServer((req, res) => {
        if (!ready) return handler(req, res);
        ready.then(
          () => handler(req, res),
          (error) => {
            console.error('The server could not start:', error);
            res.writeHead(500).end();
          },
        );
      });
      return server;
    },
    // The static plugin already guards against traversal; keep URLs as the browser sent them.
    routerOptions: { ignoreDuplicateSlashes: false },
    trustProxy,
  });
  app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
  // @fastify/send names JavaScript application/javascript; keep the standard type the servers sent.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('application/javascript'))
      reply.header('content-type', TYPES['.js']);
    return payload;
  });
  app.setErrorHandler((error, request, reply) => {
    // a path the static plugin refuses (outside the root, malformed) is simply not there
    if (error.statusCode === 403 || error.statusCode === 404) return sendNotFound(reply);
    if (error.statusCode && error.statusCode < 500)
      return reply.code(error.statusCode).type('text/plain; charset=utf-8').send('Bad request');
    console.error(`${request.method} ${request.url} failed:`, error);
    return reply
      .code(500)
      .header('Cache-Control', 'no-store')
      .send({ error: 'internal_error', message: 'Something went wrong.' });
  });
  app.register(async (instance) => register(instance));
  ready = app.ready().then(() => {
    ready = null;
  });
  return server;
}

/**
 * Serve `root` under `/`: nothing outside it, `index.html` never directly (its server renders
 * it), the precompressed sibling the client accepts, conditional requests answered with 304.
 */
export function registerStaticFiles(app, root, { extraHeaders = {}, serveIndexHtml = false } = {}) {
  return app.register(fastifyStatic, {
    root: path.resolve(root),
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    dotfiles: 'ignore',
    allowedPath: (pathname) => serveIndexHtml || pathname !== '/index.html',
    setHeaders(res, filePath) {
      const served = filePath.replace(PRECOMPRESSED, '');
      res.setHeader('Cache-Control', cacheControlFor(served));
      res.setHeader('Content-Type', TYPES[path.extname(served)] || 'application/octet-stream');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
    },
  });
}

/** A path that names a file (has an extension): a miss is a 404, never the app's page. */
export function looksLikeFile(url) {
  return /\.[a-z0-9]+$/i.test(url.split('?')[0]);
}

export function sendNotFound(reply, extraHeaders = {}) {
  return reply.code(404).headers(extraHeaders).type('text/plain; charset=utf-8').send('Not found');
}

export function sendJson(reply, status, value, extraHeaders = {}) {
  return reply
    .code(status)
    .headers({ 'Cache-Control': 'no-store', ...extraHeaders })
    .type(JSON_TYPE)
    .send(JSON.stringify(value));
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let requests under way finish, close idle
 * keep-alive sockets, and exit 0 once closed (or after `graceMs`, closing what is left).
 */
export function closeGracefullyOnSignals(server, name, graceMs = 5_000) {
  const close = (signal) => {
    console.log(`${name}: ${signal} received, closing`);
    server.close(() => process.exit(0));
    server.closeIdleConnections?.();
    setTimeout(() => {
      server.closeAllConnections?.();
      process.exit(0);
    }, graceMs).unref();
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
