// npm run build -w @roconnect/api: src/main.ts → dist/main.js and the gateway worker's own process,
// src/gateway/main.ts → dist/gateway.js, each one CommonJS file for Node 20.
// The workspace's own TypeScript (@roconnect/shared-lib/contract) is compiled in; npm packages stay
// requires of the declared dependencies (@roconnect/tools/build).
// `--if-missing` (npm start's prestart) builds only when dist/main.js or dist/gateway.js is missing.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '@roconnect/tools/build';

const root = path.dirname(fileURLToPath(import.meta.url));
if (
  process.argv.includes('--if-missing') &&
  ['dist/main.js', 'dist/gateway.js', 'dist/pglite-cluster.tar.gz'].every((file) =>
    existsSync(path.join(root, file)),
  )
) {
  process.exit(0);
}
await buildNodeBundle({
  packageDir: root,
  entryPoints: { main: 'src/main.ts', gateway: 'src/gateway/main.ts' },
  outdir: 'dist',
});

// An empty PGlite cluster beside main.js (src/db/client.ts, SHIPPED_CLUSTER_FILE): a new data
// folder is unpacked from it instead of running initdb at the API's first start, whose ≈ 650 MB
// peak a small machine cannot spare (docs/performance.md › Memory).
const { PGlite } = await import('@electric-sql/pglite');
const cluster = new PGlite();
await cluster.waitReady;
const dump = await cluster.dumpDataDir('gzip');
await cluster.close();
writeFileSync(
  path.join(root, 'dist', 'pglite-cluster.tar.gz'),
  Buffer.from(await dump.arrayBuffer()),
);
console.log('api: built dist/main.js, dist/gateway.js and dist/pglite-cluster.tar.gz');
