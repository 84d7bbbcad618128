/** @jest-environment node */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from '../testing/http';

// `npm start` as an operator runs it, read from the process list of the started stack: the
// launcher is the one parent of every service, each run with plain node from its build (no tsx,
// no wrapper that only waits), and one static process answers the four remotes on their ports
// (docs/performance.md › Memory). It holds the lock the e2e suite and the bench take, as they use
// the same fixed ports.

interface ProcessInfo {
  pid: number;
  ppid: number;
  argv: string[];
}
interface StackModule {
  ROOT: string;
  REMOTES: Record<string, { dir: string; port: number }>;
  stackPorts(): Record<string, number>;
  processTree(rootPid: number): ProcessInfo[];
  isPortOpen(port: number): Promise<boolean>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const stack = require('../stack/index.cjs') as StackModule;

const LOCK = '/tmp/roconnect-e2e.lock';
/** waiting for the lock (an e2e run or a bench may hold it), building when nothing is built yet */
const START_TIMEOUT_MS = 20 * 60_000;

/** What `npm start -- --no-build` needs; without any of it npm start builds first. */
const BUILT = [
  'shell/dist/config.json',
  'shell/dist-server/server.mjs',
  ...Object.values(stack.REMOTES).map((remote) => `${remote.dir}/dist/mf-manifest.json`),
];

const ports = stack.stackPorts();
const portOf = (name: string) => ports[name] ?? 0;
const line = (p: ProcessInfo) => p.argv.join(' ');
let runner: ChildProcess;
let dir: string;
let logFile: string;

/** The pids (among `pids`) holding a socket listening on `port`, read from /proc. */
function listeningPids(port: number, pids: number[]): number[] {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const row of fs.readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const [, local = '', , state, , , , , , inode = ''] = row.trim().split(/\s+/);
      if (state === '0A' && parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(inode);
    }
  }
  return pids.filter((pid) => {
    try {
      return fs
        .readdirSync(`/proc/${pid}/fd`)
        .some((fd) =>
          inodes.has(
            /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '',
          ),
        );
    } catch {
      return false;
    }
  });
}

/** npm's process: the runner itself, or its child when the runner is flock. */
function npmProcess(): ProcessInfo {
  const npm = stack.processTree(runner.pid!).find((p) => /(^|\/)npm( |$)/.test(line(p)));
  if (!npm) throw new Error(`No npm process under ${runner.pid}: ${fs.readFileSync(logFile)}`);
  return npm;
}

/** The launcher: node running scripts/start.mjs (not a shell whose command line names it). */
const launcherOf = (tree: ProcessInfo[]) =>
  tree.find(
    (p) => path.basename(p.argv[0] ?? '') === 'node' && /scripts\/start\.mjs/.test(line(p)),
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-start-test-'));
  logFile = path.join(dir, 'npm-start.log');
  const built = BUILT.every((file) => fs.existsSync(path.join(stack.ROOT, file)));
  const npmStart = ['npm', 'start', ...(built ? ['--', '--no-build'] : [])];
  const withLock = spawnSync('flock', ['--version']).status === 0;
  const [command = 'npm', ...args] = withLock ? ['flock', LOCK, ...npmStart] : npmStart;
  const log = fs.openSync(logFile, 'a');
  runner = spawn(command, args, {
    cwd: stack.ROOT,
    env: { ...process.env, DATA_DIR: path.join(dir, 'api'), CI: 'true' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!fs.readFileSync(logFile, 'utf8').includes('RoConnect is running')) {
    if (runner.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm start did not come up:\n${fs.readFileSync(logFile, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (runner && runner.exitCode === null) {
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    const launcher = launcherOf(stack.processTree(runner.pid!));
    process.kill(launcher?.pid ?? runner.pid!, 'SIGTERM');
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("npm start's process tree", () => {
  it('holds no tsx and no idle wrapper: npm, the launcher, and each service under it', () => {
    const npm = npmProcess();
    const tree = stack.processTree(npm.pid);
    expect(tree.filter((p) => /\btsx\b/.test(line(p))).map(line)).toEqual([]);

    // npm's only child is the launcher itself (its shell replaced itself with node)
    const launcher = launcherOf(tree);
    expect(launcher).toBeDefined();
    expect(tree.filter((p) => p.ppid === npm.pid).map(line)).toEqual([line(launcher!)]);
    expect(path.basename(launcher!.argv[0] ?? '')).toBe('node');

    // under it, only the services, each serving a port of its own and starting nothing itself
    const services = tree.filter((p) => p.ppid === launcher!.pid);
    const pids = services.map((p) => p.pid);
    const owner = (port: number) => listeningPids(port, pids);
    expect(owner(portOf('emulator'))).toHaveLength(1);
    expect(owner(portOf('api'))).toHaveLength(1);
    expect(owner(portOf('shell'))).toHaveLength(1);
    const listening = new Set(Object.values(ports).flatMap(owner));
    expect(services.filter((p) => !listening.has(p.pid)).map(line)).toEqual([]);
    expect(services).toHaveLength(4); // emulator, API, the remotes' one process, shell
    for (const service of services) {
      expect(tree.filter((p) => p.ppid === service.pid).map(line)).toEqual([]);
      expect(service.argv.find((arg) => /\.(m?js|ts)$/.test(arg))).toMatch(
        /\/(emulator\/dist\/main\.js|api\/dist\/main\.js|shell\/server\/serve-remotes\.mjs|shell\/dist-server\/server\.mjs)$/,
      );
    }
  });

  it('has one static process answering all four remotes, each with its own manifest', async () => {
    const tree = stack.processTree(npmProcess().pid);
    const remotes = Object.keys(stack.REMOTES);
    const pids = tree.map((p) => p.pid);
    const owners = remotes.map((name) => listeningPids(portOf(name), pids));
    const first = owners[0]?.[0];
    expect(owners).toEqual(remotes.map(() => [first]));
    expect(line(tree.find((p) => p.pid === first)!)).toMatch(/shell\/server\/serve-remotes\.mjs/);
    for (const name of remotes) {
      const manifest = await request(portOf(name), '/mf-manifest.json');
      expect(manifest.status).toBe(200);
      expect(JSON.parse(manifest.text).name).toBe(name);
      expect(manifest.headers['cache-control']).toBe('no-cache');
    }
  });

  it('stops every service when the launcher is stopped, as Ctrl+C does', async () => {
    const exited = new Promise((resolve) => runner.once('exit', resolve));
    process.kill(launcherOf(stack.processTree(runner.pid!))!.pid, 'SIGTERM');
    await exited;
    for (const port of Object.values(ports)) expect(await stack.isPortOpen(port)).toBe(false);
  }, 60_000);
});
