import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The same service definitions `npm start` uses.
import {
  isPortOpen,
  REMOTES,
  ROOT,
  serviceDefinitions,
  stackPorts,
  START_ORDER,
  startService,
  writeShellDeployFiles,
  type ServiceDefinition,
} from '@roconnect/tools/stack';

export { REMOTES, ROOT };
export type RemoteName = keyof typeof REMOTES;
export type ServiceName = 'emulator' | 'api' | 'shell' | RemoteName;

/**
 * Each Playwright worker runs the suite against a stack of its own (started by the `stack` fixture
 * in fixtures.ts): its own ports, API data folder and emulator, so workers never see each other's
 * data. Worker n (its parallel index, kept when a failed worker is replaced) has `npm start`'s
 * ports plus 10·n; any other process (the runner listing tests) names worker 0's.
 */
export const STACK_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const STACK_PORT_OFFSET = 10 * STACK_INDEX;

export interface StackAddresses {
  ports: Record<ServiceName, number>;
  /** the shell's origin: the pages, and the API under /_api (the tests' baseURL) */
  shell: string;
  /** the API's own address, for calls a test makes itself */
  api: string;
  /** the emulator as browsers reach it (Discord's and Roblox's consent pages) */
  emulator: string;
  /** the emulator's control endpoints (reset, faults, rate limits, state) */
  emulatorControl: string;
  /** each remote's origin (its manifest, entry and standalone page) */
  remotes: Record<RemoteName, string>;
}

function addressesOf(portOffset: number): StackAddresses {
  const ports = stackPorts(portOffset);
  const at = (port: number) => `http://localhost:${port}`;
  return {
    ports,
    shell: at(ports.shell),
    api: at(ports.api),
    emulator: at(ports.emulator),
    emulatorControl: `http://127.0.0.1:${ports.emulator}/__emulator`,
    remotes: Object.fromEntries(
      (Object.keys(REMOTES) as RemoteName[]).map((name) => [name, at(ports[name])]),
    ) as Record<RemoteName, string>,
  };
}

/** This worker's stack. */
export const STACK = addressesOf(STACK_PORT_OFFSET);

const RUN_DIR = path.join(__dirname, '..', '.run');
const stackRunDir = (index: number) => path.join(RUN_DIR, `stack-${index}`);
const stateFile = (index: number) => path.join(stackRunDir(index), 'state.json');

/** What a started stack leaves on disk, so a later run can stop it if this one was interrupted. */
interface StackState {
  portOffset: number;
  /** the API's data folder and the shell's deploy files */
  dir: string;
  shellDeployFiles: { remotesFile: string; configFile: string };
  pids: Partial<Record<ServiceName, number>>;
}

function readState(index = STACK_INDEX): StackState {
  return JSON.parse(fs.readFileSync(stateFile(index), 'utf8')) as StackState;
}
function writeState(state: StackState, index = STACK_INDEX): void {
  fs.mkdirSync(stackRunDir(index), { recursive: true });
  fs.writeFileSync(stateFile(index), JSON.stringify(state, null, 2));
}

function definitionsOf(
  state: StackState,
  apiSettings?: { accessTokenTtl?: number },
): Record<string, ServiceDefinition> {
  return serviceDefinitions({
    portOffset: state.portOffset,
    shellDeployFiles: state.shellDeployFiles,
    dataDir: path.join(state.dir, 'api'),
    accessTokenTtl: apiSettings?.accessTokenTtl,
    // each test resets the emulator: Sync Servers must see that world, not a list read by the
    // test before (the 15 s sharing floor has its own API test)
    syncBotListMaxAgeSeconds: 0,
  });
}

/**
 * Start a service of this worker's stack detached, so it outlives the process that started it;
 * record its pid. `command` replaces its command line; `accessTokenTtl` starts the API with that
 * ACCESS_TOKEN_TTL (seconds) instead of its default.
 */
export async function startServiceProcess(
  name: ServiceName,
  override?: { command?: string[]; accessTokenTtl?: number },
): Promise<void> {
  const state = readState();
  const definition = definitionsOf(state, override)[name];
  if (!definition) throw new Error(`No service called ${name}`);
  const logFd = fs.openSync(path.join(stackRunDir(STACK_INDEX), `${name}.log`), 'a');
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

async function stopService(name: ServiceName, index: number): Promise<void> {
  const state = readState(index);
  const pid = state.pids[name];
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  delete state.pids[name];
  writeState(state, index);
  const port = stackPorts(state.portOffset)[name];
  const deadline = Date.now() + 10_000;
  while ((await isPortOpen(port)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
}

/** Stops a service of this worker's stack; resolves once its port is closed. */
export function stopServiceProcess(name: ServiceName): Promise<void> {
  return stopService(name, STACK_INDEX);
}

/** Starts a service again if it is not serving (after a test that stopped it, however it ended). */
export async function ensureServiceProcess(name: ServiceName): Promise<void> {
  if (!(await isPortOpen(STACK.ports[name]))) await startServiceProcess(name);
}

/**
 * Starts this worker's stack on a fresh API data folder and a fresh emulator, after stopping what
 * an interrupted run left on its ports.
 */
export async function startStack(): Promise<void> {
  await stopStack(STACK_INDEX);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `roconnect-e2e-${STACK_INDEX}-`));
  const shellDeployFiles = writeShellDeployFiles(path.join(dir, 'shell'), {
    portOffset: STACK_PORT_OFFSET,
  });
  writeState({ portOffset: STACK_PORT_OFFSET, dir, shellDeployFiles, pids: {} });
  for (const name of START_ORDER as ServiceName[]) await startServiceProcess(name);
}

/**
 * Stops stack `index` (this worker's by default) if one is recorded, and removes its data; its
 * services' logs stay in e2e/.run/stack-<index>/.
 */
export async function stopStack(index = STACK_INDEX): Promise<void> {
  if (!fs.existsSync(stateFile(index))) return;
  const state = readState(index);
  for (const name of Object.keys(state.pids) as ServiceName[]) await stopService(name, index);
  fs.rmSync(state.dir, { recursive: true, force: true });
  fs.rmSync(stateFile(index), { force: true });
}

/** Stops every stack a run left recorded (a run that was interrupted, or a worker that was killed). */
export async function stopRecordedStacks(): Promise<void> {
  if (!fs.existsSync(RUN_DIR)) return;
  for (const entry of fs.readdirSync(RUN_DIR)) {
    const index = /^stack-(\d+)$/.exec(entry)?.[1];
    if (index !== undefined) await stopStack(Number(index));
  }
}
