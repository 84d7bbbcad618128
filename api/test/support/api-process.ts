import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * An API process run from its TypeScript source on `port`, its output but stderr ignored. One
 * node process, not tsx's CLI: that runs the script in a child process of its own, so a SIGKILL
 * of the CLI left the real API running (and holding the test's output open) instead of killing it.
 */
export function spawnApiProcess(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../../src/main.ts')], {
    // where `tsx` resolves from
    cwd: path.join(__dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: 'http://app.test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
