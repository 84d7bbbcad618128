#!/usr/bin/env node
// npm test: everything CI runs, on a fresh clone. Installs what it needs, type-checks, lints (ESLint,
// the import rules of .dependency-cruiser.cjs, Prettier), runs every package's Jest suite, builds the production
// bundles and runs the Playwright suite in Chromium.
import {
  ensureChromium,
  ensureDependencies,
  ensureNginx,
  hasCommand,
  run,
} from '../tools/install/ensure.mjs';
import { isPortOpen } from '../tools/stack/index.cjs';

const started = Date.now();
const step = (name) =>
  console.log(`\n=== ${name} (${Math.round((Date.now() - started) / 1000)} s) ===`);

async function main() {
  step('dependencies');
  ensureDependencies();
  ensureChromium();
  ensureNginx(); // the e2e journey through deploy/nginx/roconnect.conf

  // The API suite runs on PGlite, then its database-specific files (api/test/support/database-files.js)
  // again on PostgreSQL when a server is there (api/README.md › Tests).
  const env = { ...process.env };
  if (!env.TEST_DATABASE_URL && (await isPortOpen(5432))) {
    env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
  }
  // The scale-out test (two API replicas) needs PostgreSQL and Redis.
  if (!env.TEST_REDIS_URL && (await isPortOpen(6379)))
    env.TEST_REDIS_URL = 'redis://127.0.0.1:6379';
  if (!env.TEST_DATABASE_URL)
    console.log(
      'PostgreSQL does not answer on 127.0.0.1:5432: the API suite runs on PGlite only, without its database-specific files (the scale-out and killed-API tests among them).',
    );
  else if (!env.TEST_REDIS_URL)
    console.log(
      'Redis does not answer on 127.0.0.1:6379: the scale-out test (two API replicas) is not run.',
    );

  step('type-check');
  run('npx lerna run typecheck --concurrency 2', { env });
  step('lint (ESLint, import rules, Prettier)');
  run('npm run lint', { env });
  step('unit and integration tests (Jest)');
  run('npx lerna run test --concurrency 1 --stream', { env: { ...env, CI: 'true' } });
  step('production build');
  run('npx lerna run build --scope "@roconnect/{shell,mfe-*}" --concurrency 2', { env });
  // the size budgets, weighed on the build (docs/performance.md › Size budgets)
  run('node scripts/check-size-budgets.mjs', { env });
  step('end-to-end tests (Playwright, Chromium)');
  // Each Playwright worker runs a stack on fixed ports of its own (npm start's, plus 10 a worker:
  // e2e/support/stack.ts); a lock keeps two runs on one machine from colliding.
  const lock = hasCommand('flock') ? 'flock /tmp/roconnect-e2e.lock ' : '';
  run(`${lock}npx playwright test -c e2e/playwright.config.ts`, { env });
  step('done');
}

main().catch((error) => {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
});
