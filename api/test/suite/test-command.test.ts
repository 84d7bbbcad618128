/**
 * `npm test -w @roconnect/api -- <pattern>` passes the pattern to both passes (PGlite, then
 * PostgreSQL when TEST_DATABASE_URL is set). The pattern once landed after `fi` in the script's
 * shell line: a syntax error. `--listTests` makes Jest only name the files it would run.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

jest.setTimeout(60_000);

it('hands the arguments after -- to both passes', async () => {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['test', '-w', '@roconnect/api', '--', '--listTests', 'test/domain/verification/nickname'],
    {
      cwd: path.join(__dirname, '..', '..'),
      env: { ...process.env, TEST_DATABASE_URL: 'postgres://unused.invalid/none' },
    },
  );
  const listed = stdout.split('\n').filter((line) => line.endsWith('nickname.test.ts'));
  expect(listed).toEqual([
    path.join(__dirname, '..', 'domain', 'verification', 'nickname.test.ts'),
    path.join(__dirname, '..', 'domain', 'verification', 'nickname.test.ts'),
  ]);
  expect(stdout).toContain('test:postgres');
});
