/** Closing the API ends its Redis client, even one that never reached Redis (see closeRedis). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const TSX = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');

let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
});

it('a process whose Redis never answered exits by itself once the client is closed', async () => {
  // its own process: a reconnect timer left running would keep it alive, and this test would time out
  const script = `
    import { connectRedis, closeRedis } from './src/lib/redis';
    const redis = connectRedis('redis://127.0.0.1:1', { warn: () => undefined } as never);
    redis.once('reconnecting', () => void closeRedis(redis).then(() => console.log('closed')));
  `;
  const running = spawn(TSX, ['-e', script], { cwd: path.join(__dirname, '..') });
  child = running;
  let output = '';
  running.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  running.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => running.on('exit', resolve));
  expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' });
}, 15_000);
