#!/usr/bin/env node
// Serves a built remote (its dist/) with CORS, ETags, precompressed bodies and cache headers;
// unknown paths get the standalone harness page. Usage: node shell/server/serve-static.mjs [dir] [port]
// (run in a remote's folder with no arguments: dist/ and the port from its package.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closeGracefullyOnSignals,
  createFastifyServer,
  looksLikeFile,
  registerStaticFiles,
  sendNotFound,
} from './static-files.mjs';

export function createStaticServer(root, { cors = true } = {}) {
  const absoluteRoot = path.resolve(root);
  const corsHeaders = cors ? { 'Access-Control-Allow-Origin': '*' } : {};
  const index = path.join(absoluteRoot, 'index.html');
  return createFastifyServer((app) => {
    app.options('/*', async (_request, reply) =>
      reply
        .code(204)
        .headers({ ...corsHeaders, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' })
        .send(),
    );
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH'],
      url: '/*',
      handler: async (_request, reply) =>
        reply.code(405).header('Allow', 'GET, HEAD, OPTIONS').send(),
    });
    registerStaticFiles(app, absoluteRoot, { extraHeaders: corsHeaders, serveIndexHtml: true });
    app.setNotFoundHandler(async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        return reply.code(405).header('Allow', 'GET, HEAD, OPTIONS').send();
      // a client route of the standalone harness page
      if (!looksLikeFile(request.url) && fs.existsSync(index))
        return reply.headers(corsHeaders).sendFile('index.html', absoluteRoot);
      return sendNotFound(reply, corsHeaders);
    });
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
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
