// The processes that make up RoConnect on one machine, started from the production builds: the
// compiled API and emulator (each built when missing or older than its sources) and the built web
// app, run with plain node (no TypeScript compiler in memory at run time).
// Used by `npm start` (EMBEDDED_START_ORDER: one static process serves the four remotes) and by the
// Playwright suite (START_ORDER: a process per remote, as it stops and restarts single remotes; and
// one stack per worker, each on ports of its own: see `portOffset`).
// CommonJS so both the ESM scripts and Playwright's TypeScript (compiled to CJS) can load it.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');

/**
 * Node's flag for the servers (the web servers and the API): V8's young generation capped at 2 MB
 * semi-spaces (Node's default lets it grow to 16 MB each): their many short-lived request objects
 * are collected sooner instead of growing each process by tens of MB under load (the API 255 →
 * 228 MB after the bench's load; docs/performance.md › Memory).
 */
const SMALL_YOUNG_GENERATION = ['--max-semi-space-size=2'];

/**
 * How `npm start` runs the API's Node, and the bench alike (bench/lib/api.mjs): PGlite's
 * WebAssembly compiled once, by V8's baseline compiler (its optimizing tier kept a second copy,
 * about 45 MB more, for no measurable gain), with the servers' small young generation
 * (docs/performance.md › Memory).
 */
const API_NODE_FLAGS = ['--liftoff-only', ...SMALL_YOUNG_GENERATION];

/** Each remote's folder and its port under `npm start`. */
const REMOTES = {
  mfe_public: { dir: 'mfe-public', port: 3001 },
  mfe_accounts: { dir: 'mfe-accounts', port: 3002 },
  mfe_servers: { dir: 'mfe-servers', port: 3003 },
  mfe_setup: { dir: 'mfe-setup', port: 3004 },
};

/**
 * The order services start in, each one's dependencies first and the shell last, with a process
 * per remote (the Playwright suite stops and restarts single remotes).
 */
const START_ORDER = [
  'emulator',
  'api',
  'mfe_public',
  'mfe_accounts',
  'mfe_servers',
  'mfe_setup',
  'shell',
];

/**
 * What `npm start` runs, in order: the four remotes from one static process (`remotes`), which
 * saves three Node runtimes on a small machine (docs/performance.md › Memory).
 */
const EMBEDDED_START_ORDER = ['emulator', 'api', 'remotes', 'shell'];

/**
 * The compiled servers: each one's build script, what it writes, and what goes into it.
 * startService builds a service whose output is missing or older than its inputs.
 */
const BUILDS = {
  api: {
    script: 'api/build.mjs',
    outputs: ['api/dist/main.js', 'api/dist/gateway.js'],
    inputs: ['api/src', 'api/build.mjs', 'api/package.json', 'shared-lib/src/contract'],
  },
  emulator: {
    script: 'emulator/build.mjs',
    outputs: ['emulator/dist/main.js'],
    inputs: ['emulator/src', 'emulator/build.mjs', 'emulator/package.json'],
  },
};

/**
 * name -> port of a stack: `npm start`'s ports (emulator 3100, API 3000, remotes 3001–3004, shell
 * 8080) plus `portOffset` on each. Offsets that are multiples of 10 below 100 never meet another
 * stack's ports.
 */
function stackPorts(portOffset = 0) {
  if (!Number.isInteger(portOffset) || portOffset < 0)
    throw new Error(`A port offset is a whole number of 0 or more (got ${portOffset}).`);
  const ports = { emulator: 3100, api: 3000, shell: 8080 };
  for (const [name, remote] of Object.entries(REMOTES)) ports[name] = remote.port;
  for (const name of Object.keys(ports)) ports[name] += portOffset;
  return ports;
}

/**
 * The shell's two deploy files for a stack, written into `dir` (docs/production.md › The web
 * app: shell and remotes): remotes.json naming `manifests` (default: each remote's manifest on the
 * stack's own port) and config.json, the built one with its pictures from the stack's emulator.
 * Returns `{ remotesFile, configFile }` for serviceDefinitions' `shellDeployFiles`.
 */
function writeShellDeployFiles(dir, { portOffset = 0, manifests } = {}) {
  const ports = stackPorts(portOffset);
  const remotes =
    manifests ??
    Object.fromEntries(
      Object.keys(REMOTES).map((name) => [
        name,
        `http://localhost:${ports[name]}/mf-manifest.json`,
      ]),
    );
  const builtConfig = path.join(SHELL_DIST, 'config.json');
  if (!fs.existsSync(builtConfig))
    throw new Error(`${builtConfig} is missing: build the shell first.`);
  const config = JSON.parse(fs.readFileSync(builtConfig, 'utf8'));
  // the emulator serves every picture in development (its avatars and headshots)
  config.imageOrigins = [`http://localhost:${ports.emulator}`];
  fs.mkdirSync(dir, { recursive: true });
  const remotesFile = path.join(dir, 'remotes.json');
  const configFile = path.join(dir, 'config.json');
  fs.writeFileSync(remotesFile, JSON.stringify(remotes, null, 2));
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  return { remotesFile, configFile };
}

/**
 * name -> how to run it; `env` is merged over the caller's environment. `dataDir` is the API's
 * DATA_DIR (default api/.data); `accessTokenTtl` its ACCESS_TOKEN_TTL in seconds (default: the
 * API's own, 900); `syncBotListMaxAgeSeconds` its SYNC_BOT_LIST_MAX_AGE_SECONDS (default: the API's
 * own, 15). `portOffset` moves the whole stack to stackPorts(portOffset), each service told where
 * the others are; a stack off the built ports needs `shellDeployFiles` (writeShellDeployFiles), as
 * the built remotes.json and config.json name `npm start`'s.
 */
function serviceDefinitions({
  dataDir,
  emulatorSeed,
  accessTokenTtl,
  syncBotListMaxAgeSeconds,
  portOffset = 0,
  shellDeployFiles,
} = {}) {
  if (portOffset !== 0 && !shellDeployFiles)
    throw new Error(`A stack on other ports (offset ${portOffset}) needs its shellDeployFiles.`);
  const ports = stackPorts(portOffset);
  const shellOrigin = `http://localhost:${ports.shell}`;
  const services = {
    emulator: {
      port: ports.emulator,
      command: [process.execPath, path.join(ROOT, 'emulator/dist/main.js')],
      build: BUILDS.emulator,
      env: {
        EMULATOR_PORT: String(ports.emulator),
        EMULATOR_INTERACTIONS_URL: `http://127.0.0.1:${ports.api}/api/interactions`,
        // the API's redirect URI (its API_URL below), registered as in Discord's portal
        EMULATOR_REDIRECT_URIS: `${shellOrigin}/_api/auth/callback`,
        ...(emulatorSeed ? { EMULATOR_SEED: emulatorSeed } : {}),
      },
      ready: '/__emulator/state',
    },
    api: {
      port: ports.api,
      command: [process.execPath, ...API_NODE_FLAGS, path.join(ROOT, 'api/dist/main.js')],
      build: BUILDS.api,
      env: {
        PORT: String(ports.api),
        DATA_DIR: dataDir || path.join(ROOT, 'api', '.data'),
        // browsers reach the API through the shell's server (shell/server/apiProxy.ts): its
        // public address, which the OAuth callbacks use, is there, and it names the browser
        APP_URL: shellOrigin,
        API_URL: `${shellOrigin}/_api`,
        TRUST_PROXY: '127.0.0.1',
        EMULATOR_URL: `http://127.0.0.1:${ports.emulator}`,
        EMULATOR_PUBLIC_URL: `http://localhost:${ports.emulator}`,
        ...(accessTokenTtl ? { ACCESS_TOKEN_TTL: String(accessTokenTtl) } : {}),
        ...(syncBotListMaxAgeSeconds !== undefined
          ? { SYNC_BOT_LIST_MAX_AGE_SECONDS: String(syncBotListMaxAgeSeconds) }
          : {}),
        // the gateway worker (Discord's joins and leaves): inside the API on the embedded PGlite,
        // which one process owns; beside it, as its own process, on PostgreSQL (gatewayDefinition)
        GATEWAY_IN_API: process.env.GATEWAY_IN_API ?? String(!process.env.DATABASE_URL),
      },
      ready: '/api/health',
      // interactions are signed by the emulator: the API checks them with its published key
      extraEnv: () => emulatorInteractionKey(ports.emulator),
    },
    shell: {
      port: ports.shell,
      command: [
        process.execPath,
        ...SMALL_YOUNG_GENERATION,
        path.join(ROOT, 'shell/dist-server/server.mjs'),
      ],
      env: {
        PORT: String(ports.shell),
        API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
        ...(shellDeployFiles
          ? {
              SHELL_REMOTES_FILE: shellDeployFiles.remotesFile,
              SHELL_CONFIG_FILE: shellDeployFiles.configFile,
            }
          : {}),
      },
      ready: '/remotes.json',
    },
  };
  for (const [name, remote] of Object.entries(REMOTES)) {
    services[name] = {
      port: ports[name],
      command: [
        process.execPath,
        path.join(ROOT, 'tools/serve-static.mjs'),
        path.join(ROOT, remote.dir, 'dist'),
        String(ports[name]),
      ],
      env: {},
      ready: '/mf-manifest.json',
    };
  }
  services.remotes = {
    ports: Object.keys(REMOTES).map((name) => ports[name]),
    port: ports[Object.keys(REMOTES)[0]],
    command: [
      process.execPath,
      ...SMALL_YOUNG_GENERATION,
      path.join(ROOT, 'tools/serve-remotes.mjs'),
      ...Object.entries(REMOTES).map(
        ([name, remote]) => `${ports[name]}:${path.join(ROOT, remote.dir, 'dist')}`,
      ),
    ],
    env: {},
    ready: '/mf-manifest.json',
  };
  return services;
}

/**
 * The gateway worker as its own process beside `api` (a service definition of serviceDefinitions),
 * with the API's settings; null when the API runs it itself (GATEWAY_IN_API). It serves no port:
 * start it with a plain spawn once the API is up.
 */
function gatewayDefinition(api) {
  if (api.env.GATEWAY_IN_API === 'true') return null;
  const env = { ...api.env };
  delete env.PORT;
  return {
    command: [process.execPath, path.join(ROOT, 'api/dist/gateway.js')],
    build: BUILDS.api,
    env,
  };
}

/** Newest modification time under `target` (a file, or a folder walked), in ms; 0 if absent. */
function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** true when one of a build's outputs is missing or older than its newest input. */
function isStale({ outputs, inputs }) {
  const built = Math.min(...outputs.map((file) => newestMtime(path.join(ROOT, file))));
  return built === 0 || built < Math.max(...inputs.map((p) => newestMtime(path.join(ROOT, p))));
}

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs a BUILDS entry's script when its output is stale. Stacks starting together (Playwright's
 * workers) build once: a lock folder beside the output, the others waiting for it (a lock older
 * than the build's time limit is taken as abandoned).
 */
function ensureBuilt(build, { timeoutMs = 120_000 } = {}) {
  if (!isStale(build)) return;
  const lock = path.join(ROOT, path.dirname(build.outputs[0]), '..', '.building');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > timeoutMs) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`${build.script}: another build held ${lock} for ${timeoutMs} ms`);
      else sleepSync(200);
    }
  }
  try {
    if (!isStale(build)) return; // built by whoever held the lock
    const result = spawnSync(process.execPath, [path.join(ROOT, build.script)], {
      cwd: path.dirname(path.join(ROOT, build.script)),
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: timeoutMs,
    });
    if (result.status !== 0)
      throw new Error(
        `${build.script} failed (${result.status ?? result.signal}):\n${result.stderr}`,
      );
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The processes under `rootPid` (itself first, then its descendants, parents before children),
 * read from Linux's /proc: `{ pid, ppid, argv }` each. How the memory bench and the start's test
 * see what `npm start` runs; [] where /proc is not there.
 */
function processTree(rootPid) {
  const all = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // the fields after the command name, which is in parentheses and may hold spaces
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.set(Number(entry), { pid: Number(entry), ppid, argv });
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const visit = (pid) => {
    const node = all.get(pid);
    if (!node) return;
    tree.push(node);
    for (const child of all.values()) if (child.ppid === pid) visit(child.pid);
  };
  visit(rootPid);
  return tree;
}

/** DISCORD_PUBLIC_KEY from the emulator on `port`, unless the caller set one (or runs production). */
async function emulatorInteractionKey(port) {
  if (process.env.DISCORD_PUBLIC_KEY || process.env.NODE_ENV === 'production') return {};
  try {
    const { body } = await httpGet(`http://127.0.0.1:${port}/__emulator/interactions/public-key`);
    const { public_key: key } = JSON.parse(body);
    return typeof key === 'string' ? { DISCORD_PUBLIC_KEY: key } : {};
  } catch {
    return {}; // no emulator: the API's development default is the emulator's key anyway
  }
}

function isPortOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * GET `url` with node:http: `{ status, body }`. Not fetch: its client (undici) would stay loaded in
 * `npm start`'s launcher for its whole life, about 10 MB.
 */
function httpGet(url, timeoutMs = 5_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
  });
}

async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await httpGet(url);
      if (response.status < 500) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms (${lastError})`);
}

/**
 * Start one service; resolves when it answers. Output goes to `logFd` (an open file, so a detached
 * service outlives whoever started it) or is inherited.
 */
async function startService(name, definition, { logFd, detached = false } = {}) {
  const ports = definition.ports ?? [definition.port];
  for (const port of ports) {
    if (await isPortOpen(port)) {
      throw new Error(
        `Port ${port} is already in use: cannot start ${name}. Stop whatever runs there first.`,
      );
    }
  }
  if (definition.build) ensureBuilt(definition.build);
  const [command, ...args] = definition.command;
  const extraEnv = definition.extraEnv ? await definition.extraEnv() : {};
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...definition.env, ...extraEnv },
    stdio: logFd === undefined ? 'inherit' : ['ignore', logFd, logFd],
    detached,
  });
  let ready = false;
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`${name} exited with code ${code} before it was ready`));
    }),
  );
  await Promise.race([
    Promise.all(ports.map((port) => waitForHttp(`http://127.0.0.1:${port}${definition.ready}`))),
    exited,
  ]);
  ready = true;
  return child;
}

module.exports = {
  ROOT,
  API_NODE_FLAGS,
  REMOTES,
  START_ORDER,
  EMBEDDED_START_ORDER,
  stackPorts,
  writeShellDeployFiles,
  serviceDefinitions,
  gatewayDefinition,
  BUILDS,
  ensureBuilt,
  processTree,
  isPortOpen,
  waitForHttp,
  startService,
};
