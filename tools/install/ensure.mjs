// Install steps shared by `npm start` and `npm test`, so a fresh clone needs nothing by hand.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../stack/index.cjs';

export function run(command, options = {}) {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { cwd: ROOT, stdio: 'inherit', shell: true, ...options });
  if (result.status !== 0) {
    throw new Error(`"${command}" failed with exit code ${result.status}`);
  }
}

export const LOCK_REWRITTEN =
  'npm install rewrote package-lock.json: the committed lock file is not the one npm writes (a hand edit, or entries left out, which makes `npm ci` fail). Commit the rewritten file instead of reverting it.';

/**
 * npm install when node_modules is missing or older than the lockfile. The committed lockfile is
 * the one npm writes, so the install leaves it as it is; an install that rewrites it fails CI
 * (`strict`) and is a warning elsewhere.
 */
export function ensureDependencies({
  root = ROOT,
  install = () => run('npm install --no-audit --no-fund'),
  strict = /^(1|true)$/i.test(process.env.CI ?? ''),
} = {}) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(lock).mtimeMs;
  if (!stale) return;
  const committed = fs.readFileSync(lock, 'utf8');
  install();
  if (fs.readFileSync(lock, 'utf8') === committed) return;
  if (strict) throw new Error(LOCK_REWRITTEN);
  console.warn(`\n${LOCK_REWRITTEN}`);
}

export const CHROMIUM = '/usr/bin/chromium';
/**
 * Chromium's headless shell, from Debian's `chromium-headless-shell` package (the same source and
 * version as `chromium`): the e2e suite's browser. It draws pages as Chromium does without the
 * browser's own window and UI renderer, which cost the whole suite 14 % of its CPU and page-heavy
 * specs a third (docs/performance.md › CI). The bench keeps the full browser, as users run it.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM_PACKAGES = 'chromium chromium-headless-shell';

/** Debian's Chromium and its headless shell for Playwright; nothing downloads a browser build of its own. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync(CHROMIUM_HEADLESS_SHELL)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${CHROMIUM} or ${CHROMIUM_HEADLESS_SHELL} is missing. Install Debian's packages (sudo apt-get install -y ${CHROMIUM_PACKAGES}) and run again.`,
    );
  }
  run(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${CHROMIUM_PACKAGES}`,
    { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } },
  );
}

export const NGINX = '/usr/sbin/nginx';
export const NGINX_BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * Debian's nginx and its brotli_static module, for deploy/nginx/roconnect.conf (the e2e journey
 * and the bench run it: tools/origin/nginxOrigin.mjs). Where nothing stops it (no policy-rc.d),
 * Debian's install also starts the system's own nginx on port 80.
 */
export function ensureNginx() {
  if (fs.existsSync(NGINX) && fs.existsSync(NGINX_BROTLI_STATIC_MODULE)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${NGINX} or its brotli_static module is missing. Install Debian's packages (sudo apt-get install -y nginx libnginx-mod-http-brotli-static) and run again.`,
    );
  }
  run('apt-get update -qq && apt-get install -y -qq nginx libnginx-mod-http-brotli-static', {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function hasCommand(name) {
  try {
    execSync(`command -v ${name}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
