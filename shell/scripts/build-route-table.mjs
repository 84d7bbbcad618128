#!/usr/bin/env node
// Writes dist/route-table.json: what the shell's server needs of each page of the route table
// (src/app/routeTable.ts: the title and description it writes into the page's head, the parcel to
// hint, the prerendered view, the public calls it inlines, the early load), the catch-all last. Run by `npm run build` after webpack; `node scripts/build-route-table.mjs <file>`
// writes it elsewhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedLibSrc = path.resolve(shellDir, '..', 'shared-lib', 'src');

// The table reads only shared-lib's constants and contract; the package's main entry would pull
// in React, axios and the rest of the browser runtime, which Node cannot run here.
const sharedLibConstants = {
  name: 'shared-lib-constants',
  setup(b) {
    b.onResolve({ filter: /^@roconnect\/shared-lib$/ }, () => ({
      path: 'shared-lib-constants',
      namespace: 'shared-lib-constants',
    }));
    b.onLoad({ filter: /.*/, namespace: 'shared-lib-constants' }, () => ({
      contents: `export * from './constants';\nexport * from './contract';\n`,
      resolveDir: sharedLibSrc,
      loader: 'ts',
    }));
  },
};

/** The route table's server rows, read from the TypeScript source. */
async function routeTableForServer() {
  const result = await build({
    stdin: {
      contents: "export { serverRouteTable } from './src/app/routeTable';",
      resolveDir: shellDir,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    // node: the table picks its rows with react-router (src/app/routeMatch.ts), resolved as Node does
    platform: 'node',
    plugins: [sharedLibConstants],
    logLevel: 'silent',
  });
  const code = Buffer.from(result.outputFiles[0].text).toString('base64');
  const { serverRouteTable } = await import(`data:text/javascript;base64,${code}`);
  return serverRouteTable();
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const outfile = path.resolve(process.argv[2] ?? path.join(shellDir, 'dist', 'route-table.json'));
  mkdirSync(path.dirname(outfile), { recursive: true });
  writeFileSync(outfile, `${JSON.stringify(await routeTableForServer(), null, 2)}\n`);
  console.log(`shell: ${path.relative(shellDir, outfile)}`);
}
