import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from '@roconnect/tools/browser/chromiumFlags';

/**
 * End-to-end suite in Debian's Chromium (its headless shell) against the production builds,
 * served the way `npm start` serves them: each worker starts its own emulator, API, four remotes
 * and shell, on ports of its own (support/stack.ts), and the `stack` fixture (support/fixtures.ts)
 * gives its tests their addresses and baseURL. Spec files share nothing across workers; the tests
 * of one file run in order, in one worker, as they set up data for each other.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: /.*\.spec\.ts/,
  fullyParallel: false,
  // three on two cores: a test spends much of its time waiting on its stack (the API, the
  // emulator, a page's requests), and a third worker runs in those gaps (docs/performance.md › CI)
  workers: 3,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    // a failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the trace's
    // screencast is left out: encoding it made the suite ~10 % slower on 2 cores (README, Tests).
    // CI records none: its clone is thrown away with the traces, and recording them every test
    // cost 14 % of the suite's CPU (65 → 57 CPU s over 40 tests)
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (tools/install/ensure.mjs says why not the full browser)
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
      args: [...CHROMIUM_FLAGS],
    },
  },
});
