#!/usr/bin/env node
// npm run dev: the emulator, the API (watch mode) and every webpack dev server, side by side.
import { ensureDependencies } from '../tools/install/ensure.mjs';
import { runSideBySide } from '../tools/stack/sideBySide.mjs';
import { ROOT } from '../tools/stack/index.cjs';

ensureDependencies();
// browsers reach the API through the shell's dev server (its /_api proxy), as in production; the
// gateway worker (Discord's joins and leaves) runs inside the API
const API_BEHIND_SHELL = {
  API_URL: 'http://localhost:8080/_api',
  TRUST_PROXY: '127.0.0.1',
  GATEWAY_IN_API: process.env.GATEWAY_IN_API ?? 'true',
};
const { stop } = runSideBySide(
  [
    {
      name: 'emulator',
      command: 'npm',
      args: ['start', '-w', '@roconnect/emulator'],
      // the API's redirect URI, registered as in Discord's portal
      env: { EMULATOR_REDIRECT_URIS: `${API_BEHIND_SHELL.API_URL}/auth/callback` },
    },
    {
      name: 'api',
      command: 'npm',
      args: ['run', 'dev', '-w', '@roconnect/api'],
      env: API_BEHIND_SHELL,
    },
    ...['mfe-public', 'mfe-accounts', 'mfe-servers', 'mfe-setup', 'shell'].map((p) => ({
      name: p,
      command: 'npm',
      args: ['run', 'dev', '-w', `@roconnect/${p}`],
    })),
  ],
  { cwd: ROOT },
);
console.log('Dev servers starting; the shell will be at http://localhost:8080/');
// Ctrl+C, a SIGTERM (a process manager, `kill`) or a closed terminal stops every server
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    stop();
    process.exit(0);
  });
