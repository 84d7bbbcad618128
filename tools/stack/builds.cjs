// The compiled servers (the API and the emulator), built when their output is missing or older
// than their sources, once for stacks starting together.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./root.cjs');

/** Each compiled server's build script, what it writes, and what goes into it. */
const BUILDS = {
  api: {
    script: 'api/build.mjs',
    outputs: ['api/dist/main.js', 'api/dist/gateway.js'],
    inputs: [
      'api/src',
      'api/build.mjs',
      'api/package.json',
      'shared-lib/src/contract',
      'tools/build',
    ],
  },
  emulator: {
    script: 'emulator/build.mjs',
    outputs: ['emulator/dist/main.js'],
    inputs: ['emulator/src', 'emulator/build.mjs', 'emulator/package.json', 'tools/build'],
  },
};

/** Newest modification time under `target` (a file, or a folder walked), in ms; 0 if absent. */
function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** true when one of a build's outputs is missing or older than its newest input. */
function isStale({ outputs, inputs }) {
  const built = Math.min(...outputs.map((file) => newestMtime(path.join(ROOT, file))));
  return built === 0 || built < Math.max(...inputs.map((p) => newestMtime(path.join(ROOT, p))));
}

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs a BUILDS entry's script when its output is stale. Stacks starting together (Playwright's
 * workers) build once: a lock folder beside the output, the others waiting for it (a lock older
 * than the build's time limit is taken as abandoned).
 */
function ensureBuilt(build, { timeoutMs = 120_000 } = {}) {
  if (!isStale(build)) return;
  const lock = path.join(ROOT, path.dirname(build.outputs[0]), '..', '.building');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > timeoutMs) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`${build.script}: another build held ${lock} for ${timeoutMs} ms`);
      else sleepSync(200);
    }
  }
  try {
    if (!isStale(build)) return; // built by whoever held the lock
    const result = spawnSync(process.execPath, [path.join(ROOT, build.script)], {
      cwd: path.dirname(path.join(ROOT, build.script)),
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      timeout: timeoutMs,
    });
    if (result.status !== 0)
      throw new Error(
        `${build.script} failed (${result.status ?? result.signal}):\n${result.stderr}`,
      );
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

module.exports = { BUILDS, ensureBuilt };
