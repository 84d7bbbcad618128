// The one build of the servers that run with plain node (the API, the emulator, the shell's
// server): their TypeScript bundled by esbuild for Node 20, the workspace's own packages
// (@roconnect/*) compiled in, every npm package left an import resolved from node_modules at run
// time. A bare import of a package the workspace's package.json does not declare in
// `dependencies` fails the build instead of being bundled, so its production install has
// everything the bundle needs.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** 'name' or '@scope/name' of a bare specifier ('drizzle-orm/pglite' → 'drizzle-orm') */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * esbuild's plugin: node: modules and the declared `dependencies` external, @roconnect/* and
 * `compiledIn` bundled, anything else an error naming the package and the package.json to add it to.
 */
export function externalDependencies(packageDir, compiledIn = []) {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const bundled = new Set(compiledIn);
  const manifest = `${path.basename(packageDir)}/package.json`;
  return {
    name: 'external-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { path: args.path, external: true };
        const name = packageName(args.path);
        if (name.startsWith('@roconnect/') || bundled.has(name)) return undefined;
        if (!declared.has(name))
          return {
            errors: [{ text: `"${name}" is imported but not in ${manifest} dependencies` }],
          };
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * Bundles `entryPoints` (name → file, relative to `packageDir`) into `outdir` (emptied first), or
 * one entry into `outfile`. `format` 'cjs' (default) or 'esm'; `compiledIn` names npm packages to
 * bundle after all; `define` and `sourcemap` pass to esbuild.
 */
export async function buildNodeBundle({
  packageDir,
  entryPoints,
  outdir,
  outfile,
  format = 'cjs',
  compiledIn = [],
  define,
  sourcemap = true,
}) {
  const resolve = (file) => path.resolve(packageDir, file);
  if (outdir) rmSync(resolve(outdir), { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, file]) => [name, resolve(file)]),
    ),
    ...(outdir ? { outdir: resolve(outdir) } : { outfile: resolve(outfile) }),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format,
    sourcemap,
    define,
    tsconfig: resolve('tsconfig.json'),
    plugins: [externalDependencies(packageDir, compiledIn)],
    legalComments: 'none',
    logLevel: 'warning',
  });
}
