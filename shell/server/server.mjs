#!/usr/bin/env node
// The shell's production server: static files with compression and cache headers, index.html for
// every client route with a per-response CSP nonce, and GET /api/csp-nonce for that page's nonce.
// It never falls over: a bad deploy file is a 503 for that file, a failed request a 500 for that
// request, a malformed request a 400 for that client; SIGTERM closes it gracefully.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  answerUnexpected,
  closeGracefullyOnSignals,
  fileExists,
  keepUpOnBadClients,
  resolveInside,
  sendBody,
  sendJson,
  serveFile,
} from '../../tools/static-files.mjs';
import { PERMISSIONS_POLICY, buildCsp, createNonce, originsOf, servedOverHttps } from './csp.mjs';

const NONCE_COOKIE = 'rc_csp_nonce';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

function readJsonFile(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

/**
 * Serve a deploy-time JSON file (remotes.json, config.json) only when it is there and whole. A
 * missing, half-written or malformed file is a 503 naming the file, never a crash: the page itself
 * still loads, and the shell shows each remote's fallback (or uses the same origin for the API).
 */
function serveDeployFile(req, res, file, name) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return sendJson(req, res, 503, {
      error: 'deploy_file_unavailable',
      file: name,
      message: `${name} cannot be read (${error.code || error.message}); try again shortly.`,
    });
  }
  try {
    JSON.parse(text);
  } catch {
    return sendJson(req, res, 503, {
      error: 'deploy_file_invalid',
      file: name,
      message: `${name} is not valid JSON (a deploy may be writing it); try again shortly.`,
    });
  }
  return sendBody(req, res, 200, text, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
}

function cookieValue(header, name) {
  for (const part of (header || '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

export function createShellServer({ distDir, remotesFile, configFile }) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  if (!fileExists(indexFile))
    throw new Error(
      `No index.html in ${root}: build the shell first (npm run build -w @roconnect/shell).`,
    );
  const template = fs.readFileSync(indexFile, 'utf8');

  function servePage(req, res) {
    const nonce = createNonce();
    const https = servedOverHttps(req);
    // Read per request: a deploy changes these files without restarting the server.
    const remotes = readJsonFile(remotesFile, {});
    const config = readJsonFile(configFile, {});
    const csp = buildCsp({
      nonce,
      remoteOrigins: originsOf(Object.values(remotes)),
      apiOrigins: originsOf([config.apiBaseUrl]),
      imageOrigins: originsOf(config.imageOrigins || []),
    });
    const html = template.replace(/<script /g, `<script nonce="${nonce}" `);
    sendBody(req, res, 200, html, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': PERMISSIONS_POLICY,
      ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
      'Set-Cookie': `${NONCE_COOKIE}=${nonce}; Path=/api/csp-nonce; HttpOnly; SameSite=Strict${https ? '; Secure' : ''}`,
    });
  }

  function handle(req, res) {
    const url = new URL(req.url || '/', 'http://shell');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    if (url.pathname === '/api/csp-nonce') {
      const nonce = cookieValue(req.headers.cookie, NONCE_COOKIE);
      if (!nonce || !NONCE_PATTERN.test(nonce))
        return sendJson(req, res, 404, {
          error: 'no_page_nonce',
          message: 'Load a page first: no nonce was issued to this browser.',
        });
      return sendJson(req, res, 200, { nonce });
    }
    if (url.pathname === '/remotes.json')
      return serveDeployFile(req, res, remotesFile, 'remotes.json');
    if (url.pathname === '/config.json')
      return serveDeployFile(req, res, configFile, 'config.json');
    if (url.pathname !== '/' && url.pathname !== '/index.html') {
      const target = resolveInside(root, url.pathname);
      if (target && fileExists(target)) return serveFile(req, res, target);
      if (/\.[a-z0-9]+$/i.test(url.pathname))
        return sendBody(req, res, 404, 'Not found', {
          'Content-Type': 'text/plain; charset=utf-8',
        });
    }
    return servePage(req, res);
  }

  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      answerUnexpected(req, res, error);
    }
  });
  keepUpOnBadClients(server);
  return server;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const distDir = process.env.SHELL_DIST_DIR || path.join(here, '..', 'dist');
  const port = Number(process.env.PORT || 8080);
  let server;
  try {
    server = createShellServer({
      distDir,
      remotesFile: process.env.SHELL_REMOTES_FILE || path.join(distDir, 'remotes.json'),
      configFile: process.env.SHELL_CONFIG_FILE || path.join(distDir, 'config.json'),
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  server.on('error', (error) => {
    console.error(`Cannot start the shell server on port ${port}: ${error.message}`);
    process.exit(1);
  });
  closeGracefullyOnSignals(server, 'shell server');
  server.listen(port, () => console.log(`RoConnect shell at http://localhost:${port}/`));
}
