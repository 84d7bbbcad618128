// The stack runner: RoConnect's processes on one machine, started from the production builds.
// Used by `npm start` (EMBEDDED_START_ORDER: one static process serves the four remotes), the
// bench, and the Playwright suite (START_ORDER: a process per remote, as it stops and restarts
// single remotes; and one stack per worker, each on ports of its own: see `portOffset`).
// CommonJS so both the ESM scripts and Playwright's TypeScript (compiled to CJS) can load it.
module.exports = {
  ...require('./root.cjs'),
  ...require('./ports.cjs'),
  ...require('./net.cjs'),
  ...require('./builds.cjs'),
  ...require('./processTree.cjs'),
  ...require('./services.cjs'),
  ...require('./startService.cjs'),
};
