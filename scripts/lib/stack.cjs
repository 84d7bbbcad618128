// The processes that make up RoConnect on one machine, started from the production builds.
// Used by `npm start` and by the Playwright suite (which also stops and restarts single remotes).
// CommonJS so both the ESM scripts and Playwright's TypeScript (compiled to CJS) can load it.
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SHELL_ORIGIN = 'http://localhost:8080';

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
 * name -> how to run it; `env` is merged over the caller's environment. `dataDir` is the API's
 * DATA_DIR (default api/.data); `accessTokenTtl` its ACCESS_TOKEN_TTL in seconds (default: the
 * API's own, 900); `syncBotListMaxAgeSeconds` its SYNC_BOT_LIST_MAX_AGE_SECONDS (default: the API's
 * own, 15).
 */
function serviceDefinitions({
  dataDir,
  emulatorSeed,
  accessTokenTtl,
  syncBotListMaxAgeSeconds,
} = {}) {
  const services = {
    emulator: {
      port: 3100,
      command: [process.execPath, TSX, path.join(ROOT, 'emulator/src/main.ts')],
      env: emulatorSeed ? { EMULATOR_SEED: emulatorSeed } : {},
      ready: '/__emulator/state',
    },
    api: {
      port: 3000,
      command: [process.execPath, TSX, path.join(ROOT, 'api/src/main.ts')],
      env: {
        DATA_DIR: dataDir || path.join(ROOT, 'api', '.data'),
        // browsers reach the API through the shell's server (shell/server/apiProxy.ts): its
        // public address, which the OAuth callbacks use, is there, and it names the browser
        API_URL: `${SHELL_ORIGIN}/_api`,
        TRUST_PROXY: '127.0.0.1',
        ...(accessTokenTtl ? { ACCESS_TOKEN_TTL: String(accessTokenTtl) } : {}),
        ...(syncBotListMaxAgeSeconds !== undefined
          ? { SYNC_BOT_LIST_MAX_AGE_SECONDS: String(syncBotListMaxAgeSeconds) }
          : {}),
      },
      ready: '/api/health',
      // interactions are signed by the emulator: the API checks them with its published key
      extraEnv: emulatorInteractionKey,
    },
    shell: {
      port: 8080,
      command: [process.execPath, path.join(ROOT, 'shell/dist-server/server.mjs')],
      env: { API_UPSTREAM: 'http://127.0.0.1:3000' },
      ready: '/remotes.json',
    },
  };
  for (const [name, remote] of Object.entries(REMOTES)) {
    services[name] = {
      port: remote.port,
      command: [
        process.execPath,
        path.join(ROOT, 'tools/serve-static.mjs'),
        path.join(ROOT, remote.dir, 'dist'),
        String(remote.port),
      ],
      env: {},
      ready: '/mf-manifest.json',
    };
  }
  return services;
}

/** DISCORD_PUBLIC_KEY from the running emulator, unless the caller set one (or runs production). */
async function emulatorInteractionKey() {
  if (process.env.DISCORD_PUBLIC_KEY || process.env.NODE_ENV === 'production') return {};
  try {
    const res = await fetch('http://127.0.0.1:3100/__emulator/interactions/public-key');
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
  serviceDefinitions,
  isPortOpen,
  waitForHttp,
  startService,
};
