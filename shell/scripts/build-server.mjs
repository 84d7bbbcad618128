#!/usr/bin/env node
// server/main.ts → dist-server/server.mjs: the shell's production server as one ESM file for
// Node 20, built as the API is (@roconnect/tools/build). The workspace's own TypeScript (the route
// table's types, @roconnect/shared-lib/contract's constants) is compiled in; npm packages stay imports
// of the declared dependencies. But for the router's matcher: react-router (src/app/routeMatch.ts,
// so the server picks a page's row as the browser's router does) is compiled in with what it
// imports, as the browser's bundle has it, and the server's install stays without React. Written outside dist/, which is served to browsers;
// `node scripts/build-server.mjs <file>` writes it elsewhere (tests).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '@roconnect/tools/build';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.resolve(process.argv[2] ?? path.join(shellDir, 'dist-server', 'server.mjs'));

await buildNodeBundle({
  packageDir: shellDir,
  entryPoints: { server: 'server/main.ts' },
  outfile,
  format: 'esm',
  // react-router and what it imports (see above)
  compiledIn: ['react-router', 'react', 'cookie', 'set-cookie-parser'],
  // React (compiled in for react-router) in its production build, whatever NODE_ENV says at start
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: false,
});
console.log(`shell: ${path.relative(shellDir, outfile)}`);
