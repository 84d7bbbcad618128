/** Closing the API ends its Redis client, even one that never reached Redis (see closeRedis). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.join(__dirname, '..', '..');
const TSX = path.join(API_DIR, '..', 'node_modules', '.bin', 'tsx');

let child: ChildProcess | undefined;
afterAll(() => {
  // tsx runs the script in a child of its own: end the whole group, or a hung one outlives Jest
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
});

it('an API whose Redis never answered lets its process exit once the app is closed', async () => {
  // its own process: a reconnect timer left running would keep it alive, and this test would time out
  const script = `
    import { buildApp } from './src/app';
    import { openTestDatabase } from './test/support/db';
    import { testSettings } from './test/support/app';
    import { createFakeIntegrations, createWorld } from './test/support/fake-integrations';
    (async () => {
      const tdb = await openTestDatabase();
      const app = await buildApp({
        settings: testSettings({ REDIS_URL: 'redis://127.0.0.1:1' }),
        integrations: createFakeIntegrations(createWorld()),
        database: tdb.database,
        logger: false,
        jobs: false,
      });
      await app.ready();
      await app.close();
      await tdb.cleanup();
      console.log('closed');
    })();
  `;
  // the Jest run's environment (the PGlite template, or TEST_DATABASE_URL on the PostgreSQL pass)
  const running = spawn(TSX, ['-e', script], {
    cwd: API_DIR,
    env: process.env,
    detached: true,
  });
  child = running;
  let output = '';
  running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => running.on('exit', resolve));
  expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' });
}, 60_000);
