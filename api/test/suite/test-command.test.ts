/**
 * `npm test -w @roconnect/api -- <pattern>` passes the pattern to both passes: the whole suite on
 * PGlite, then the database-specific files (test/support/database-files.js) on PostgreSQL when
 * TEST_DATABASE_URL is set. The pattern once landed after `fi` in the script's shell line: a syntax
 * error. `--listTests` makes Jest only name the files it would run.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(60_000);

const API_DIR = path.join(__dirname, '..', '..');

it('hands the arguments after -- to both passes; the PostgreSQL pass runs only the database-specific files again', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'test',
      '-w',
      '@roconnect/api',
      '--',
      '--listTests',
      'test/db/migration-0004',
      'test/domain/verification/nickname',
    ],
    {
      cwd: path.join(API_DIR, '..'),
      env: { ...process.env, TEST_DATABASE_URL: 'postgres://unused.invalid/none' },
    },
  );
  const listed = stdout
    .split('\n')
    .filter((line) => line.endsWith('.test.ts'))
    .map((line) => path.relative(API_DIR, line));
  // PGlite: both files, in Jest's order; PostgreSQL: the migration test alone
  expect(listed.slice(0, 2).sort()).toEqual([
    'test/db/migration-0004.test.ts',
    'test/domain/verification/nickname.test.ts',
  ]);
  expect(listed.slice(2)).toEqual(['test/db/migration-0004.test.ts']);
  expect(stdout).toContain('test:postgres-specific');
});
