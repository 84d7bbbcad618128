import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The same service definitions `npm start` uses.
import {
  isPortOpen,
  REMOTES,
  ROOT,
  serviceDefinitions,
  START_ORDER,
  startService,
} from '../../scripts/lib/stack.cjs';

export { REMOTES, ROOT };
export type ServiceName = 'emulator' | 'api' | 'shell' | keyof typeof REMOTES;

const STATE_FILE = path.join(__dirname, '..', '.run', 'stack.json');
const LOG_FILE = path.join(__dirname, '..', '.run', 'services.log');

interface StackState {
  dataDir: string;
  pids: Record<string, number>;
}

export function readState(): StackState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as StackState;
}
function writeState(state: StackState): void {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

function openLog(name: string): number {
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  return fs.openSync(LOG_FILE.replace(/services\.log$/, `${name}.log`), 'a');
}

/**
 * Start a service detached, so it outlives the process that started it; record its pid.
 * `accessTokenTtl` starts the API with that ACCESS_TOKEN_TTL (seconds) instead of its default.
 */
export async function startServiceProcess(
  name: ServiceName,
  override?: { command?: string[]; dataDir?: string; accessTokenTtl?: number },
): Promise<void> {
  const state = fs.existsSync(STATE_FILE)
    ? readState()
    : { dataDir: override?.dataDir ?? '', pids: {} };
  const definition = serviceDefinitions({
    dataDir: override?.dataDir ?? state.dataDir,
    accessTokenTtl: override?.accessTokenTtl,
    // each test resets the emulator: Sync Servers must see that world, not a list read by the
    // test before (the 15 s sharing floor has its own API test)
    syncBotListMaxAgeSeconds: 0,
  })[name];
  if (!definition) throw new Error(`No service called ${name}`);
  const logFd = openLog(name);
  const child = await startService(
    name,
    { ...definition, command: override?.command ?? definition.command },
    { logFd, detached: true },
  );
  fs.closeSync(logFd);
  child.unref();
  state.pids[name] = child.pid!;
  writeState(state);
}

export async function stopServiceProcess(name: ServiceName): Promise<void> {
  const state = readState();
  const pid = state.pids[name];
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  delete state.pids[name];
  writeState(state);
  const port = serviceDefinitions({})[name]?.port ?? 0;
  const deadline = Date.now() + 10_000;
  while ((await isPortOpen(port)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
}

/** Starts a service again if it is not serving (after a test that stopped it, however it ended). */
export async function ensureServiceProcess(name: ServiceName): Promise<void> {
  const port = serviceDefinitions({})[name]?.port ?? 0;
  if (!(await isPortOpen(port))) await startServiceProcess(name);
}

export async function startStack(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-e2e-'));
  writeState({ dataDir, pids: {} });
  for (const name of START_ORDER as ServiceName[]) {
    await startServiceProcess(name, { dataDir });
  }
}

export async function stopStack(): Promise<void> {
  if (!fs.existsSync(STATE_FILE)) return;
  const state = readState();
  for (const name of Object.keys(state.pids) as ServiceName[]) await stopServiceProcess(name);
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(STATE_FILE, { force: true });
}
