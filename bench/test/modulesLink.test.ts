import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The bench's modules are plain Node ESM that only a bench run loads (many minutes), so an import
// of a name its module no longer exports, here or in tools, would only show then. Node's
// own linker checks every import of a module when it loads: each module is loaded here in a Node
// process of its own, which runs nothing of the bench (the entry and api.mjs run only as main).
const BENCH = path.resolve(__dirname, '..');
// api-bare.mjs starts its server when loaded (api.mjs runs it as a process of its own)
const RUN_WHEN_LOADED = ['api-bare.mjs'];
const modules = [
  'bench.mjs',
  ...readdirSync(path.join(BENCH, 'lib'))
    .filter((name) => name.endsWith('.mjs') && !RUN_WHEN_LOADED.includes(name))
    .map((name) => `lib/${name}`),
];

it('finds the entry and its helpers (the check below looks at something)', () => {
  expect(modules).toEqual(
    expect.arrayContaining(['bench.mjs', 'lib/api.mjs', 'lib/web.mjs', 'lib/stack.mjs']),
  );
});

it.each(modules)('%s loads in Node: every name it imports is exported', (name) => {
  const url = pathToFileURL(path.join(BENCH, name)).href;
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '--eval', `await import(${JSON.stringify(url)});`],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
});
