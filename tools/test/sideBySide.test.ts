/** @jest-environment node */

// tools/stack/sideBySide.mjs (npm run dev): stopping the runner stops what its commands started,
// even through a shell that does not pass the signal on, as npm's script shell does not.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SIDE_BY_SIDE = path.resolve(__dirname, '../stack/sideBySide.mjs');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
});
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** What each test started, ended after it whatever happened (a failing test leaves nothing). */
const started: { runner: ReturnType<typeof spawn>; pids: () => number[] }[] = [];
afterEach(() => {
  for (const { runner, pids } of started.splice(0)) {
    if (runner.exitCode === null) runner.kill('SIGKILL');
    for (const pid of pids().filter(isRunning)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `check` holds, or rejects naming `what` after `limitMs`. */
async function eventually(check: () => boolean, what: string, limitMs = 15_000) {
  const giveUpAt = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`${what}: still not so after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A runner like scripts/dev.mjs with two commands, each a shell that starts a long-running Node
 * process (the grandchild, which prints its pid) and does not exec it.
 */
function startRunner() {
  const runner = path.join(dir, 'runner.mjs');
  // process.stdout.write, not console.log, which colours the number when FORCE_COLOR is set
  // (as Nx sets it for `lerna run test`)
  const server = `node -e "process.stdout.write('pid ' + process.pid + '\\n'); setInterval(() => {}, 1000)"; true`;
  fs.writeFileSync(
    runner,
    `import { runSideBySide } from ${JSON.stringify(SIDE_BY_SIDE)};
const { stop } = runSideBySide([
  { name: 'one', command: 'sh', args: ['-c', ${JSON.stringify(server)}] },
  { name: 'two', command: 'sh', args: ['-c', ${JSON.stringify(server)}] },
]);
process.on('SIGTERM', () => { stop(); process.exit(0); });
`,
  );
  const child = spawn(process.execPath, [runner], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  const pids = () => [...output.matchAll(/^\[(one|two)\] pid (\d+)$/gm)].map((m) => Number(m[2]));
  started.push({ runner: child, pids });
  return { child, pids, output: () => output };
}

describe('runSideBySide (npm run dev)', () => {
  it('prefixes each command’s output with its name', async () => {
    const runner = startRunner();
    try {
      await eventually(() => runner.pids().length === 2, 'both commands printed their pid');
      expect(runner.output()).toMatch(/^\[one\] pid \d+$/m);
      expect(runner.output()).toMatch(/^\[two\] pid \d+$/m);
    } finally {
      runner.child.kill('SIGTERM');
      await eventually(() => runner.child.exitCode !== null, 'the runner ended');
    }
  }, 30_000);

  it('stops the servers its commands started when the runner gets a SIGTERM', async () => {
    const runner = startRunner();
    await eventually(() => runner.pids().length === 2, 'both commands printed their pid');
    const servers = runner.pids();
    expect(servers.every(isRunning)).toBe(true);

    runner.child.kill('SIGTERM');
    await eventually(() => runner.child.exitCode !== null, 'the runner ended');
    await eventually(() => !servers.some(isRunning), 'the servers ended with the runner');
    expect(servers.filter(isRunning)).toEqual([]);
  }, 30_000);
});
