/**
 * The Node processes a bench run starts (the API, the gateway worker): started from the
 * repository's root with no more of this environment than PATH and HOME, stopped gently first.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `node args` with `env`, its output appended to `logFile`. */
export function spawnNode(args, { env, logFile }) {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  return child;
}

/** Whether `child` has ended, by an exit or a signal. */
export const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL after 10 s; resolves once `child` has ended (at once if it had). */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (hasExited(child)) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
