/** @jest-environment node */

// The repository's scripts (scripts/ and the workshop's tools/, *.mjs) are run by hand or by npm start / dev / test,
// not by the suite, so a named import that its module no longer exports would only show when
// someone runs that script (a script once imported freePort from a module it had left). This
// reads every script's relative imports and checks each name against what the imported file
// exports, as Node's linker would, without running anything.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT_FOLDERS = ['scripts', 'tools'].map((folder) => path.join(ROOT, folder));

interface Node {
  type: string;
  [key: string]: unknown;
}
type Named = { name?: string; value?: string };

function scriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : scriptFiles(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

function body(file: string): Node[] {
  const program = parse(readFileSync(file, 'utf8'), {
    ecmaVersion: 'latest',
    sourceType: 'module',
  });
  return program.body as unknown as Node[];
}

const nameOf = (node: Named) => node.name ?? node.value ?? '';

/** What a module exports by name, or null when it re-exports a whole module (not followed). */
function exportedNames(file: string): Set<string> | null {
  const names = new Set<string>();
  for (const node of body(file)) {
    if (node.type === 'ExportAllDeclaration') return null;
    if (node.type === 'ExportDefaultDeclaration') names.add('default');
    if (node.type !== 'ExportNamedDeclaration') continue;
    const declaration = node.declaration as Node | null;
    if (declaration?.type === 'VariableDeclaration')
      for (const d of declaration.declarations as { id: Named }[]) names.add(nameOf(d.id));
    else if (declaration) names.add(nameOf(declaration.id as Named));
    for (const s of (node.specifiers as { exported: Named }[]) ?? []) names.add(nameOf(s.exported));
  }
  return names;
}

/** Every `import { a, b as c } from './x.mjs'` of a file, as [imported file, name]. */
function relativeImports(file: string): [string, string][] {
  return body(file)
    .filter((node) => node.type === 'ImportDeclaration')
    .filter((node) => String((node.source as { value: string }).value).startsWith('.'))
    .flatMap((node) =>
      (node.specifiers as { type: string; imported?: Named }[])
        .filter((s) => s.type === 'ImportSpecifier')
        .map((s): [string, string] => [
          path.resolve(path.dirname(file), (node.source as { value: string }).value),
          nameOf(s.imported as Named),
        ]),
    );
}

describe('the scripts under scripts/ and tools/', () => {
  const files = SCRIPT_FOLDERS.flatMap(scriptFiles);

  it('are found (the check below looks at something)', () => {
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining([
        'scripts/dev.mjs',
        'scripts/start.mjs',
        'scripts/test.mjs',
        'tools/origin/nginxOrigin.mjs',
      ]),
    );
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))(
    '%s imports only names its modules export',
    (_name, file) => {
      const missing = relativeImports(file)
        .filter(([target, name]) => {
          if (!target.endsWith('.mjs')) return false; // CommonJS: names are known only at run time
          const names = exportedNames(target);
          return names !== null && !names.has(name);
        })
        .map(([target, name]) => `${name} from ${path.relative(ROOT, target)}`);
      expect(missing).toEqual([]);
    },
  );
});
