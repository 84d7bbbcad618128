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

/** The files `npm test -- --listTests <pattern>` names, in the order its passes name them. */
async function listed(pattern: string): Promise<{ files: string[]; stdout: string }> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['test', '-w', '@roconnect/api', '--', '--listTests', pattern],
    {
      cwd: path.join(API_DIR, '..'),
      env: { ...process.env, TEST_DATABASE_URL: 'postgres://unused.invalid/none' },
    },
  );
  const files = stdout
    .split('\n')
    .filter((line) => line.endsWith('.test.ts'))
    .map((line) => path.relative(API_DIR, line));
  return { files, stdout };
}

it('hands the arguments after -- to both passes, and the PostgreSQL pass runs a database-specific file again', async () => {
  const { files, stdout } = await listed('test/db/migration-0004');
  expect(files).toEqual(['test/db/migration-0004.test.ts', 'test/db/migration-0004.test.ts']);
  expect(stdout).toContain('test:postgres-specific');
});

it('runs a file that is the same on both databases once, and the PostgreSQL pass finds nothing to run', async () => {
  const { files, stdout } = await listed('test/domain/verification/nickname');
  expect(files).toEqual(['test/domain/verification/nickname.test.ts']);
  expect(stdout).toContain('test:postgres-specific');
});
