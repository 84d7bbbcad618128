import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from './fixtures';
import { ROOT, STACK_PORT_OFFSET } from './stack';

/** An HTTPS origin in front of this worker's stack, served by a script of `tools/origin`. */
export interface ServedOrigin {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Starts `tools/origin/<script>` with this worker's port offset; resolves once it serves (its
 * first stdout line is `{"origin": …}`), fails if it exits first.
 */
export async function startOriginScript(script: string): Promise<ServedOrigin> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'tools', 'origin', script), '--port-offset', String(STACK_PORT_OFFSET)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`))),
  );
  const firstLine = new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).once('line', resolve),
  );
  const { origin } = JSON.parse(await Promise.race([firstLine, exited])) as { origin: string };
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await stopped;
    },
  };
}

/**
 * For a spec against an origin that `start` serves: it is started before the spec's first test and
 * stopped after its last, and its certificate, made for the run, is trusted. Returns the origin,
 * read once it is started.
 */
export function useServedOrigin(start: () => Promise<ServedOrigin>): () => string {
  test.use({ ignoreHTTPSErrors: true });
  let served: ServedOrigin | undefined;
  test.beforeAll(async () => {
    served = await start();
  });
  test.afterAll(async () => {
    await served?.stop();
  });
  return () => served!.origin;
}
