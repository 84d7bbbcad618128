const { spawn } = require('node:child_process');
const { ensureBuilt } = require('./builds.cjs');
const { isPortOpen, waitForHttp } = require('./net.cjs');
const { ROOT } = require('./root.cjs');

/**
 * Start one service (a serviceDefinitions entry); resolves when it answers. Output goes to
 * `logFd` (an open file, so a detached service outlives whoever started it) or is inherited.
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

module.exports = { startService };
