const base = require('../jest.config.base.js');

// typebox, jose and cookie (via light-my-request) ship ESM only; let swc turn them (and the test files) into CommonJS for Jest.
const swc = base.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...base,
  rootDir: __dirname,
  testEnvironment: 'node',
  // PGlite starts in a few seconds; on a busy 2-core machine a test that opens it twice needs room.
  testTimeout: 30000,
  // Jest's 500 ms for a worker to exit after the last file: its workers exit in under 100 ms, but
  // when this busy process hears of it late it kills them and warns of a leak there is not
  workerGracefulExitTimeout: 5000,
  // one migrated PGlite for the run, copied by each file (test/support/pglite-template.ts)
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['^(?!.*/node_modules/(typebox|jose|cookie)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // Two replicas on one PostgreSQL and one Redis: only when both are there (scripts/test.mjs says why not).
  testPathIgnorePatterns: [
    '/node_modules/',
    // ends PostgreSQL connections, or needs two replicas on one database: only where there is one
    ...(process.env.TEST_DATABASE_URL
      ? []
      : [
          '/test/db/change-feed-postgres\\.test\\.ts$',
          '/test/lib/job-wake-postgres\\.test\\.ts$',
          // a pool to starve: PGlite has none
          '/test/db/discord-refresh-burst-postgres\\.test\\.ts$',
        ]),
    ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
      ? []
      : ['/test/app/scale-out\\.test\\.ts$']),
    // API processes killed and restarted over one database: PostgreSQL only
    ...(process.env.TEST_DATABASE_URL
      ? []
      : ['/test/features/member-updates/member-update-kill\\.test\\.ts$']),
  ],
};
