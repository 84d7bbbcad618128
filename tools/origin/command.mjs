// An origin script run as a command beside a running stack (oneOriginStack.mjs, nginxOrigin.mjs):
// `--port-offset N` names the stack on `npm start`'s ports plus N; it prints `{ "origin", "spki" }`
// as one JSON line once it serves, and stops cleanly on SIGTERM or SIGINT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * Runs `start({ dataDir, logFd, log, portOffset })` (resolving to `{ origin, spki, stop }`) when
 * the module at `moduleUrl` is the process's entry; first `missingServices(portOffset)` names
 * what of the stack is not running, which ends the command.
 */
export function serveOriginAsCommand(moduleUrl, { name, missingServices, start }) {
  const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
  if (!isMain) return;
  const log = (message) => console.error(message);
  const { values } = parseArgs({ options: { 'port-offset': { type: 'string', default: '0' } } });
  const portOffset = Number(values['port-offset']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `roconnect-${name}-`));
  const fail = (message) => {
    log(message);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  };
  void (async () => {
    const missing = await missingServices(portOffset);
    if (missing.length > 0)
      return fail(`Not running: ${missing.join(', ')}. Start the stack first (npm start).`);
    let served;
    try {
      served = await start({ dataDir, logFd: 2, log, portOffset });
    } catch (error) {
      return fail(error.message);
    }
    console.log(JSON.stringify({ origin: served.origin, spki: served.spki }));
    const stop = async () => {
      await served.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  })();
}
