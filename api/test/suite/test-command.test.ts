/**
 * `npm test -w @roconnect/api -- <pattern>` passes the pattern to every pass: with TEST_DATABASE_URL
 * set, the whole suite on PostgreSQL, then the database-specific files (test/support/database-files.js)
 * on PGlite; without it, the whole suite on PGlite. The pattern once landed after `fi` in the
 * script's shell line: a syntax error. `--listTests` makes Jest only name the files it would run.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(60_000);

const API_DIR = path.join(__dirname, '..', '..');

/** The test files `npm test -w @roconnect/api -- --listTests <patterns>` names, in order, and its output. */
async function listed(env: NodeJS.ProcessEnv, patterns: string[]) {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['test', '-w', '@roconnect/api', '--', '--listTests', ...patterns],
    { cwd: path.join(API_DIR, '..'), env: { ...process.env, ...env } },
  );
  const files = stdout
    .split('\n')
    .filter((line) => line.endsWith('.test.ts'))
    .map((line) => path.relative(API_DIR, line));
  return { files, stdout };
}

/** The scripts npm ran, as it announces each one ("> @roconnect/api@0.1.0 test:pglite"). */
const passes = (stdout: string) =>
  [...stdout.matchAll(/^> @roconnect\/api@\S+ (test:\S+)$/gm)].map((m) => m[1]);

const PATTERNS = ['test/db/migration-0004', 'test/domain/verification/nickname'];
const BOTH = ['test/db/migration-0004.test.ts', 'test/domain/verification/nickname.test.ts'];

it('hands the arguments after -- to both passes; the PGlite pass runs only the database-specific files again', async () => {
  const { files, stdout } = await listed(
    { TEST_DATABASE_URL: 'postgres://unused.invalid/none' },
    PATTERNS,
  );
  // PostgreSQL: both files, in Jest's order; PGlite: the migration test alone
  expect(files.slice(0, 2).sort()).toEqual(BOTH);
  expect(files.slice(2)).toEqual(['test/db/migration-0004.test.ts']);
  expect(passes(stdout)).toEqual(['test:postgres', 'test:pglite-specific']);
});

it('runs the whole suite on PGlite when no PostgreSQL is named', async () => {
  const { files, stdout } = await listed({ TEST_DATABASE_URL: '' }, PATTERNS);
  expect(files.sort()).toEqual(BOTH);
  expect(passes(stdout)).toEqual(['test:pglite']);
});
