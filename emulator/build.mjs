// npm run build -w @roconnect/emulator: src/main.ts → dist/main.js, one CommonJS file for Node 20,
// so `npm start` runs it with plain node (no TypeScript compiler in memory at run time). Every npm
// package stays an external require, resolved from node_modules; a bare import of a package that
// emulator/package.json does not declare as a dependency fails the build instead of being bundled.
// The seeds stay files in seeds/ (src/seed/load.ts finds them from the package's folder).
// `--if-missing` (prestart) builds only when dist/main.js is missing.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
if (process.argv.includes('--if-missing') && existsSync(path.join(root, 'dist/main.js')))
  process.exit(0);
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const declared = new Set(Object.keys(pkg.dependencies ?? {}));

/** 'name' or '@scope/name' of a bare specifier ('ws/lib/x' → 'ws') */
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
      if (!declared.has(name)) {
        return {
          errors: [{ text: `"${name}" is imported but not in emulator/package.json dependencies` }],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts') },
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
console.log('emulator: built dist/main.js');
