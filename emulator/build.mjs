// npm run build -w @roconnect/emulator: src/main.ts → dist/main.js, one CommonJS file for Node 20,
// so `npm start` runs it with plain node (no TypeScript compiler in memory at run time); npm packages
// stay requires of the declared dependencies (@roconnect/tools/build).
// The seeds stay files in seeds/ (src/seed/load.ts finds them from the package's folder).
// `--if-missing` (prestart) builds only when dist/main.js is missing.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNodeBundle } from '@roconnect/tools/build';

const root = path.dirname(fileURLToPath(import.meta.url));
if (process.argv.includes('--if-missing') && existsSync(path.join(root, 'dist/main.js')))
  process.exit(0);
await buildNodeBundle({ packageDir: root, entryPoints: { main: 'src/main.ts' }, outdir: 'dist' });
console.log('emulator: built dist/main.js');
