#!/usr/bin/env node
// Serves a built remote (its dist/) with CORS, compression and cache headers; unknown paths get the
// standalone harness page. Usage: node tools/serve-static.mjs [dir] [port]  (run in a remote's
// folder with no arguments: dist/ and the port from its package.json).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import {
  answerUnexpected,
  closeGracefullyOnSignals,
  fileExists,
  keepUpOnBadClients,
  resolveInside,
  serveFile,
  sendBody,
} from './static-files.mjs';

export function createStaticServer(root, { cors = true } = {}) {
  const absoluteRoot = path.resolve(root);
  function handle(req, res) {
    const corsHeaders = cors ? { 'Access-Control-Allow-Origin': '*' } : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...corsHeaders, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    const target = resolveInside(absoluteRoot, req.url || '/');
    if (target && fileExists(target)) return serveFile(req, res, target, corsHeaders);
    const index = path.join(absoluteRoot, 'index.html');
    const looksLikeFile = /\.[a-z0-9]+$/i.test((req.url || '').split('?')[0]);
    if (!looksLikeFile && fileExists(index)) return serveFile(req, res, index, corsHeaders);
    sendBody(req, res, 404, 'Not found', {
      'Content-Type': 'text/plain; charset=utf-8',
      ...corsHeaders,
    });
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

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  let [dir, port] = process.argv.slice(2);
  if (!dir || !port) {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    dir = dir || 'dist';
    port = port || process.env.PORT || pkg.roconnect?.port;
  }
  if (
    !fs.existsSync(path.join(dir, 'index.html')) &&
    !fs.existsSync(path.join(dir, 'mf-manifest.json'))
  ) {
    console.error(`Nothing to serve in ${path.resolve(dir)}: run the build first (npm run build).`);
    process.exit(1);
  }
  const server = createStaticServer(dir);
  server.on('error', (error) => {
    console.error(`Cannot serve ${dir} on port ${port}: ${error.message}`);
    process.exit(1);
  });
  closeGracefullyOnSignals(server, `static server for ${dir}`);
  server.listen(Number(port), () =>
    console.log(`Serving ${path.resolve(dir)} at http://localhost:${port}/`),
  );
}
