// Static file serving shared by the shell's production server and the remotes' servers:
// gzip when the client accepts it, immutable caching for content-hashed chunks, no-cache for the
// files a deploy changes in place (HTML, remotes.json, mf-manifest.json, remoteEntry.js).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.json', '.css', '.svg', '.map', '.txt']);
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

export function cacheControlFor(filePath) {
  return HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Resolve a URL path inside root, refusing anything that escapes it. */
export function resolveInside(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const target = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  return target === root || target.startsWith(root + path.sep) ? target : null;
}

export function fileExists(filePath) {
  try {
    return fs.statSync(filePath).isFile();
  } catch {
    return false;
  }
}

/** Send a body (Buffer or string) with compression negotiated from the request. */
export function sendBody(req, res, status, body, headers) {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const ext = path.extname(headers['X-File'] || '') || '';
  delete headers['X-File'];
  const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] || '');
  const compress =
    wantsGzip &&
    buffer.length > 1024 &&
    (COMPRESSIBLE.has(ext) || /json|text|javascript|svg/.test(headers['Content-Type'] || ''));
  const out = compress ? zlib.gzipSync(buffer) : buffer;
  res.writeHead(status, {
    ...headers,
    Vary: 'Accept-Encoding',
    ...(compress ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': out.length,
  });
  res.end(req.method === 'HEAD' ? undefined : out);
}

export function serveFile(req, res, filePath, extraHeaders = {}) {
  const ext = path.extname(filePath);
  let content;
  try {
    content = fs.readFileSync(filePath);
  } catch (error) {
    // gone between the existence check and the read (a deploy replacing files): a 404, not a crash
    if (error.code !== 'ENOENT' && error.code !== 'EISDIR') throw error;
    return sendBody(req, res, 404, 'Not found', {
      'Content-Type': 'text/plain; charset=utf-8',
      ...extraHeaders,
    });
  }
  sendBody(req, res, 200, content, {
    'Content-Type': TYPES[ext] || 'application/octet-stream',
    'Cache-Control': cacheControlFor(filePath),
    'X-Content-Type-Options': 'nosniff',
    'X-File': filePath,
    ...extraHeaders,
  });
}

export function sendJson(req, res, status, value, extraHeaders = {}) {
  sendBody(req, res, status, JSON.stringify(value), {
    'Content-Type': TYPES['.json'],
    'Cache-Control': 'no-store',
    ...extraHeaders,
  });
}

/** A request whose handling threw: a 500 for that request (if nothing was sent yet), logged. */
export function answerUnexpected(req, res, error) {
  console.error(`${req.method} ${req.url} failed:`, error);
  if (res.headersSent) return res.destroy();
  try {
    sendJson(req, res, 500, { error: 'internal_error', message: 'Something went wrong.' });
  } catch {
    res.destroy();
  }
}

/** A malformed request (bad HTTP, header overflow) gets a 400 and only its socket is closed. */
export function keepUpOnBadClients(server) {
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
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
