// The stack's services, their order and their ports.

/** Each remote's folder and its port under `npm start`. */
const REMOTES = {
  mfe_public: { dir: 'mfe-public', port: 3001 },
  mfe_accounts: { dir: 'mfe-accounts', port: 3002 },
  mfe_servers: { dir: 'mfe-servers', port: 3003 },
  mfe_setup: { dir: 'mfe-setup', port: 3004 },
};

/**
 * The order services start in, each one's dependencies first and the shell last, with a process
 * per remote (the Playwright suite stops and restarts single remotes).
 */
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
 * What `npm start` runs, in order: the four remotes from one static process (`remotes`), which
 * saves three Node runtimes on a small machine (docs/performance.md › Memory).
 */
const EMBEDDED_START_ORDER = ['emulator', 'api', 'remotes', 'shell'];

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

module.exports = { REMOTES, START_ORDER, EMBEDDED_START_ORDER, stackPorts };
