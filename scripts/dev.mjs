#!/usr/bin/env node
// npm run dev: the emulator, the API (watch mode) and every webpack dev server, side by side.
import { spawn } from 'node:child_process';
import { ensureDependencies } from './lib/ensure.mjs';
import { ROOT } from './lib/stack.cjs';

ensureDependencies();
const commands = [
  ['emulator', 'npm', ['start', '-w', '@roconnect/emulator']],
  ['api', 'npm', ['run', 'dev', '-w', '@roconnect/api']],
  ...['mfe-public', 'mfe-accounts', 'mfe-servers', 'mfe-setup', 'shell'].map((p) => [
    p,
    'npm',
    ['run', 'dev', '-w', `@roconnect/${p}`],
  ]),
];
// browsers reach the API through the shell's dev server (its /_api proxy), as in production
const API_BEHIND_SHELL = { API_URL: 'http://localhost:8080/_api', TRUST_PROXY: '127.0.0.1' };
const children = commands.map(([name, command, args]) => {
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(name === 'api' ? API_BEHIND_SHELL : {}) },
  });
  child.stdout.on('data', (d) => process.stdout.write(`[${name}] ${d}`));
  child.stderr.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
  return child;
});
console.log('Dev servers starting; the shell will be at http://localhost:8080/');
process.on('SIGINT', () => {
  children.forEach((c) => c.kill('SIGTERM'));
  process.exit(0);
});
