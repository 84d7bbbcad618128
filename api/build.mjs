// npm run build -w @roconnect/api: src/main.ts → dist/main.js and the gateway worker's own process,
// src/gateway/main.ts → dist/gateway.js, each one CommonJS file for Node 20.
// The workspace's own TypeScript (@roconnect/shared-lib/contract) is compiled in; every npm
// package stays an external require, resolved from node_modules at run time. A bare import of a
// package that api/package.json does not declare fails the build instead of being bundled.
// `--if-missing` (npm start's prestart) builds only when dist/main.js or dist/gateway.js is missing.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
if (
  process.argv.includes('--if-missing') &&
  ['dist/main.js', 'dist/gateway.js', 'dist/pglite-cluster.tar.gz'].every((file) =>
    existsSync(path.join(root, file)),
  )
) {
  process.exit(0);
}
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(pkg.dependencies ?? {}));

/** 'name' or '@scope/name' of a bare specifier ('pg', 'drizzle-orm/pglite' → 'drizzle-orm') */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith('@roconnect/')) return undefined; // workspace source: bundle it
      if (!declared.has(name)) {
        return {
          errors: [{ text: `"${name}" is imported but not in api/package.json dependencies` }],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    gateway: path.join(root, 'src/gateway/main.ts'),
  },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  tsconfig: path.join(root, 'tsconfig.json'),
  plugins: [externalDependencies],
  logLevel: 'warning',
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
