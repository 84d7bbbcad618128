import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';

/**
 * Each worker's tests reach their own stack (support/stack.ts): an address written into a spec or
 * a helper would be worker 0's, and a test on another worker would talk to the wrong stack.
 */
const E2E = path.join(__dirname, '..');
const FIXED_ADDRESS = /\b(localhost|127\.0\.0\.1):\d/;

test('no spec file or helper names an address with a port: each comes from its worker’s stack', () => {
  const files = ['tests', 'support'].flatMap((dir) =>
    fs
      .readdirSync(path.join(E2E, dir))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(dir, name)),
  );
  expect(files).toContain(path.join('support', 'stack.ts'));
  const naming = files.filter((file) =>
    FIXED_ADDRESS.test(fs.readFileSync(path.join(E2E, file), 'utf8')),
  );
  expect(naming).toEqual([]);
});

test('every spec takes `test` from support/fixtures.ts: its stack, its console check and axe', () => {
  const specs = fs.readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts'));
  expect(specs).toContain('addresses.spec.ts');
  const bare = specs.filter((name) => {
    const source = fs.readFileSync(path.join(__dirname, name), 'utf8');
    return !/import \{[^}]*\btest\b[^}]*\} from '\.\.\/support\/fixtures';/.test(source);
  });
  expect(bare).toEqual([]);
});
