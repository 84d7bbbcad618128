#!/usr/bin/env node
// npm start: install when needed, build everything in production mode, start the emulator, the API,
// the four remotes and the shell, and print the URL. Ctrl+C stops them all. The gateway worker runs
// inside the API on the embedded PGlite, and as its own process beside it with DATABASE_URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, run } from './lib/ensure.mjs';
import {
  gatewayDefinition,
  ROOT,
  serviceDefinitions,
  START_ORDER,
  startService,
} from './lib/stack.cjs';

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

async function main() {
  ensureDependencies();
  if (!process.argv.includes('--no-build'))
    run('npx lerna run build --scope "@roconnect/{shell,mfe-*}" --concurrency 2');
  const apiSettings = apiSettingsFromEnvironment();
  const services = serviceDefinitions(apiSettings);
  const children = [];
  const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
  process.on('SIGINT', () => {
    stopAll();
    process.exit(0);
  });
  process.on('SIGTERM', () => {
    stopAll();
    process.exit(0);
  });
  try {
    for (const name of START_ORDER) children.push(await startService(name, services[name]));
    const gateway = gatewayDefinition(services.api);
    if (gateway) {
      const [command, ...args] = gateway.command;
      const child = spawn(command, args, {
        cwd: ROOT,
        env: { ...process.env, ...gateway.env },
        stdio: 'inherit',
      });
      child.once('exit', (code) => {
        if (code !== 0 && code !== null)
          console.error(`The gateway worker exited with code ${code}.`);
      });
      children.push(child);
    }
  } catch (error) {
    console.error(`\n${error.message}`);
    stopAll();
    process.exit(1);
  }
  console.log('\nRoConnect is running: http://localhost:8080/');
  console.log(
    'Emulated Discord and Roblox: http://localhost:3100/  ·  API: http://localhost:3000/api/health',
  );
  console.log(`API data: ${services.api.env.DATA_DIR}`);
}

void main();
