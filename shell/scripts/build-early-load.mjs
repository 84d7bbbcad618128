#!/usr/bin/env node
// Bundles the dashboard's inline early load (src/features/earlyLoad) into dist/early-load/, for
// the shell's server to inline into the /dashboard page. Run by `npm run build` after webpack.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(shellDir, 'dist', 'early-load', 'dashboard.js');
await build({
  entryPoints: [path.join(shellDir, 'src', 'features', 'earlyLoad', 'dashboardEarlyLoad.ts')],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  platform: 'browser',
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`shell: ${path.relative(shellDir, outfile)}`);
