import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import { until } from './until';

/**
 * A setting a file of the PostgreSQL pass cannot run without (TEST_DATABASE_URL, TEST_REDIS_URL):
 * its value, or an error that says `why` it is needed.
 */
export function requireEnv(name: string, why: string): string {
  const value = process.env[name];
  if (!value) throw new Error(why);
  return value;
}

/** A port free on 127.0.0.1 right now, for a process the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

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

/** Resolves once the API at `base` answers /api/health; fails at once if its process has exited. */
export async function waitForApiHealth(
  base: string,
  child: ChildProcess,
  wait: { timeoutMs: number; everyMs: number },
): Promise<void> {
  const healthy = async () => {
    if (child.exitCode !== null)
      throw new Error(`the API at ${base} exited with ${child.exitCode}`);
    return fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  };
  await until(`the API at ${base} healthy`, healthy, (ok) => ok, wait);
}

/**
 * An API process on `port` against the emulator at `EMULATOR_URL` (its public address too), kept
 * in `children` for stopApiProcesses; answers once /api/health says yes.
 */
export async function startApiReplica(
  children: ChildProcess[],
  port: number,
  env: NodeJS.ProcessEnv & { EMULATOR_URL: string },
  wait = { timeoutMs: 60_000, everyMs: 250 },
): Promise<{ base: string; child: ChildProcess }> {
  const child = spawnApiProcess(port, { EMULATOR_PUBLIC_URL: env.EMULATOR_URL, ...env });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForApiHealth(base, child, wait);
  return { base, child };
}

/**
 * The emulator two API replicas share, and two free ports for them: the emulator sends sign-ins
 * back to `apiUrl`, the first port's (one public address, as behind a load balancer).
 */
export async function emulatorForTwoReplicas(seed: Seed): Promise<{
  emulator: RunningEmulator;
  portA: number;
  portB: number;
  apiUrl: string;
}> {
  const [portA, portB] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${portA}`;
  const emulator = await startEmulator({
    seed,
    publicUrl: 'http://127.0.0.1',
    redirectUris: [`${apiUrl}/auth/callback`],
  });
  return { emulator, portA, portB, apiUrl };
}

/** Ends every process (`signal`: SIGKILL for one that may not finish a graceful close). */
export async function stopApiProcesses(
  children: ChildProcess[],
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          // one a signal ended has no exit code, and its 'exit' has already been sent
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill(signal);
        }),
    ),
  );
}
