// The processes that make up RoConnect on one machine, started from the production builds.
// Used by `npm start` and by the Playwright suite (which also stops and restarts single remotes, and
// runs one stack per worker, each on ports of its own: see `portOffset`).
// CommonJS so both the ESM scripts and Playwright's TypeScript (compiled to CJS) can load it.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SHELL_DIST = path.join(ROOT, 'shell', 'dist');

/** Each remote's folder and its port under `npm start`. */
const REMOTES = {
  mfe_public: { dir: 'mfe-public', port: 3001 },
  mfe_accounts: { dir: 'mfe-accounts', port: 3002 },
  mfe_servers: { dir: 'mfe-servers', port: 3003 },
  mfe_setup: { dir: 'mfe-setup', port: 3004 },
};

/** The order services start in: each one's dependencies first, the shell last. */
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
      command: [process.execPath, TSX, path.join(ROOT, 'emulator/src/main.ts')],
      env: {
        EMULATOR_PORT: String(ports.emulator),
        EMULATOR_INTERACTIONS_URL: `http://127.0.0.1:${ports.api}/api/interactions`,
        ...(emulatorSeed ? { EMULATOR_SEED: emulatorSeed } : {}),
      },
      ready: '/__emulator/state',
    },
    api: {
      port: ports.api,
      command: [process.execPath, TSX, path.join(ROOT, 'api/src/main.ts')],
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
      command: [process.execPath, path.join(ROOT, 'shell/dist-server/server.mjs')],
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
  return { command: [process.execPath, TSX, path.join(ROOT, 'api/src/gateway/main.ts')], env };
}

/** DISCORD_PUBLIC_KEY from the emulator on `port`, unless the caller set one (or runs production). */
async function emulatorInteractionKey(port) {
  if (process.env.DISCORD_PUBLIC_KEY || process.env.NODE_ENV === 'production') return {};
  try {
    const res = await fetch(`http://127.0.0.1:${port}/__emulator/interactions/public-key`);
    const { public_key: key } = await res.json();
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

async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
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
  if (await isPortOpen(definition.port)) {
    throw new Error(
      `Port ${definition.port} is already in use: cannot start ${name}. Stop whatever runs there first.`,
    );
  }
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
    waitForHttp(`http://127.0.0.1:${definition.port}${definition.ready}`),
    exited,
  ]);
  ready = true;
  return child;
}

module.exports = {
  ROOT,
  REMOTES,
  START_ORDER,
  stackPorts,
  writeShellDeployFiles,
  serviceDefinitions,
  gatewayDefinition,
  isPortOpen,
  waitForHttp,
  startService,
};
