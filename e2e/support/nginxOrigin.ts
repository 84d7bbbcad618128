import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, STACK_PORT_OFFSET } from './stack';

// The app through Debian's nginx with deploy/nginx/roconnect.conf (scripts/lib/nginxOrigin.mjs),
// in front of this worker's API: /_api/ straight to the API, the remotes' builds from
// disk, the pages from a shell server of its own. Its certificate is made for the run; a test
// using it sets `ignoreHTTPSErrors`.

export interface NginxOrigin {
  origin: string;
  stop: () => Promise<void>;
}

/** Starts `nginxOrigin.mjs`; resolves once nginx serves (its first stdout line is the origin). */
export async function startNginxOrigin(): Promise<NginxOrigin> {
  const script = path.join(ROOT, 'scripts', 'lib', 'nginxOrigin.mjs');
  const child = spawn(process.execPath, [script, '--port-offset', String(STACK_PORT_OFFSET)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginxOrigin.mjs exited with ${code}`))),
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
