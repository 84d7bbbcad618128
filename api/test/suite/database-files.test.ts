/**
 * The lists of test/support/database-files.js, which decide what `npm test` runs again on PGlite
 * beside PostgreSQL and what a PGlite pass leaves out, name files that exist, and agree with each
 * other and with the file names.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  DATABASE_SPECIFIC,
  PGLITE_ONLY,
  PGLITE_SPECIFIC,
  POSTGRES_AND_REDIS,
  POSTGRES_ONLY,
} from '../support/database-files.js';

const API_DIR = path.join(__dirname, '..', '..');

/** Every test file under test/, as a path from api/. */
function testFiles(dir = path.join(API_DIR, 'test')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(API_DIR, full)] : [];
  });
}

it('names only test files that exist, each once', () => {
  for (const list of [
    DATABASE_SPECIFIC,
    PGLITE_SPECIFIC,
    PGLITE_ONLY,
    POSTGRES_ONLY,
    POSTGRES_AND_REDIS,
  ]) {
    expect(list.filter((file) => !existsSync(path.join(API_DIR, file)))).toEqual([]);
    expect(list.filter((file) => !file.endsWith('.test.ts'))).toEqual([]);
    expect(new Set(list).size).toBe(list.length);
  }
});

it('runs on PostgreSQL every file that needs it, and every file whose name says postgres', () => {
  const needsServer = [...POSTGRES_ONLY, ...POSTGRES_AND_REDIS];
  expect(needsServer.filter((file) => !DATABASE_SPECIFIC.includes(file))).toEqual([]);
  const saysPostgres = testFiles().filter((file) => /postgres/i.test(path.basename(file)));
  expect(saysPostgres.length).toBeGreaterThan(0);
  expect(saysPostgres.filter((file) => !DATABASE_SPECIFIC.includes(file))).toEqual([]);
});

it('runs again on PGlite what only PGlite does, and nothing that needs a server', () => {
  expect(PGLITE_SPECIFIC.filter((file) => DATABASE_SPECIFIC.includes(file))).toEqual([]);
  expect(PGLITE_ONLY.filter((file) => !PGLITE_SPECIFIC.includes(file))).toEqual([]);
  const saysPglite = testFiles().filter((file) => /pglite/i.test(path.basename(file)));
  expect(saysPglite.length).toBeGreaterThan(0);
  expect(saysPglite.filter((file) => !PGLITE_SPECIFIC.includes(file))).toEqual([]);
});
