#!/usr/bin/env node
// server/main.ts → dist-server/server.mjs: the shell's production server as one ESM file for
// Node 20, as the API is built (api/build.mjs). The workspace's own TypeScript (the route table's
// types, @roconnect/shared-lib/contract's constants) is compiled in; every npm package stays an
// import resolved from node_modules at run time, and one that shell/package.json does not declare
// in `dependencies` fails the build. But for the router's matcher: react-router (src/app/routeMatch.ts,
// so the server picks a page's row as the browser's router does) is compiled in with what it
// imports, as the browser's bundle has it, and the server's install stays without React. Written outside dist/, which is served to browsers;
// `node scripts/build-server.mjs <file>` writes it elsewhere (tests).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.resolve(process.argv[2] ?? path.join(shellDir, 'dist-server', 'server.mjs'));

const pkg = JSON.parse(readFileSync(path.join(shellDir, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(pkg.dependencies ?? {}));

/** 'name' or '@scope/name' of a bare specifier */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** react-router and its imports, compiled in (see above). */
const COMPILED_IN = new Set(['react-router', 'react', 'cookie', 'set-cookie-parser']);

const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@roconnect/')) return undefined; // workspace source: bundle it
      if (COMPILED_IN.has(name)) return undefined;
      if (!declared.has(name))
        return {
          errors: [{ text: `"${name}" is imported but not in shell/package.json dependencies` }],
        };
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [path.join(shellDir, 'server', 'main.ts')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // React (compiled in for react-router) in its production build, whatever NODE_ENV says at start
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [externalDependencies],
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`shell: ${path.relative(shellDir, outfile)}`);
