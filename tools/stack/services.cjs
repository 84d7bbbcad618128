// How each process of RoConnect on one machine runs from the production builds: the compiled API
// and emulator (each built when missing or older than its sources: builds.cjs), the built web app,
// all with plain node (no TypeScript compiler in memory at run time).
const fs = require('node:fs');
const path = require('node:path');
const { BUILDS } = require('./builds.cjs');
const { httpGet } = require('./net.cjs');
const { REMOTES, stackPorts } = require('./ports.cjs');
const { ROOT } = require('./root.cjs');

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
        path.join(ROOT, 'shell/server/serve-static.mjs'),
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
      path.join(ROOT, 'shell/server/serve-remotes.mjs'),
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

module.exports = {
  API_NODE_FLAGS,
  writeShellDeployFiles,
  serviceDefinitions,
  gatewayDefinition,
};
