#!/usr/bin/env node
// npm start: install when needed, build everything in production mode, start the emulator, the API,
// the four remotes and the shell, and print the URL. Ctrl+C stops them all.
import { ensureDependencies, run } from './lib/ensure.mjs';
import { serviceDefinitions, START_ORDER, startService } from './lib/stack.cjs';


async function main() {
  ensureDependencies();
  if (!process.argv.includes('--no-build'))
    run('npx lerna run build --scope "@roconnect/{shell,mfe-*}" --concurrency 2');
  const services = serviceDefinitions();
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
  } catch (error) {
    console.error(`\n${error.message}`);
    stopAll();
    process.exit(1);
  }
  console.log('\nRoConnect is running: http://localhost:8080/');
  console.log(
    'Emulated Discord and Roblox: http://localhost:3100/  ·  API: http://localhost:3000/api/health',
  );
}

void main();
