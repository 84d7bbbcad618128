#!/usr/bin/env node
// npm start: install when needed, build everything in production mode (the web app, the API and the
// emulator), then start the emulator, the API, one static process serving the four remotes and the
// shell, and print the URL. Ctrl+C stops them all. The gateway worker runs inside the API on the
// embedded PGlite, and as its own process beside it with DATABASE_URL.
// This process is the one parent of every service, each run with plain node from its build: no
// TypeScript compiler and no wrapper process at run time (docs/performance.md › Memory).
// `--no-build` starts what was built last (the API and emulator are still built when missing or
// older than their sources).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, run } from '../tools/install/ensure.mjs';
import {
  EMBEDDED_START_ORDER,
  gatewayDefinition,
  ROOT,
  serviceDefinitions,
  startService,
} from '../tools/stack/index.cjs';

/**
 * The API settings an operator may give `npm start` (see api/README.md): DATA_DIR, relative to
 * where npm start was run, and ACCESS_TOKEN_TTL. Everything else in the environment is inherited.
 */
function apiSettingsFromEnvironment(env = process.env) {
  return {
    dataDir: env.DATA_DIR?.trim()
      ? path.resolve(process.env.INIT_CWD || '.', env.DATA_DIR)
      : undefined,
    accessTokenTtl: env.ACCESS_TOKEN_TTL?.trim() || undefined,
  };
}

/** How long the services get to close on Ctrl+C before they are killed. */
const STOP_GRACE_MS = 10_000;

async function main() {
  ensureDependencies();
  if (!process.argv.includes('--no-build'))
    run('npx lerna run build --scope "@roconnect/{shell,mfe-*,api,emulator}" --concurrency 2');
  const apiSettings = apiSettingsFromEnvironment();
  const services = serviceDefinitions(apiSettings);
  const children = new Map(); // name -> child process
  let stopping = false;
  const stopAll = async (code) => {
    stopping = true;
    const running = [...children.values()].filter((child) => child.exitCode === null);
    const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of running) child.kill('SIGTERM');
    const timer = setTimeout(
      () => running.forEach((child) => child.kill('SIGKILL')),
      STOP_GRACE_MS,
    );
    await Promise.all(exited);
    clearTimeout(timer);
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
  const watch = (name, child) => {
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (!stopping)
        console.error(`${name} stopped (${signal ?? `exit code ${code}`}): RoConnect needs it.`);
    });
  };
  try {
    for (const name of EMBEDDED_START_ORDER) watch(name, await startService(name, services[name]));
    const gateway = gatewayDefinition(services.api);
    if (gateway) {
      const [command, ...args] = gateway.command;
      watch(
        'the gateway worker',
        spawn(command, args, {
          cwd: ROOT,
          env: { ...process.env, ...gateway.env },
          stdio: 'inherit',
        }),
      );
    }
  } catch (error) {
    console.error(`\n${error.message}`);
    await stopAll(1);
  }
  console.log('\nRoConnect is running: http://localhost:8080/');
  console.log(
    'Emulated Discord and Roblox: http://localhost:3100/  ·  API: http://localhost:3000/api/health',
  );
  console.log(`API data: ${services.api.env.DATA_DIR}`);
}

void main();
