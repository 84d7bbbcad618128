const base = require('../jest.config.base.js');
const {
  DATABASE_SPECIFIC,
  PGLITE_SPECIFIC,
  PGLITE_ONLY,
  POSTGRES_ONLY,
  POSTGRES_AND_REDIS,
} = require('./test/support/database-files.js');

// typebox, jose and cookie (via light-my-request) ship ESM only; let swc turn them (and the test files) into CommonJS for Jest.
const swc = base.transform['^.+\\.(t|j)sx?$'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withRedis = onPostgres && Boolean(process.env.TEST_REDIS_URL);
const exactly = (file) => `<rootDir>/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;

module.exports = {
  ...base,
  rootDir: __dirname,
  testEnvironment: 'node',
  // no DOM here: the base's jest-dom matchers cost each test file ≈ 0.1 s and 169 more modules
  setupFilesAfterEnv: [],
  // `npm test`'s PGlite pass beside PostgreSQL (test:pglite-specific): what the databases may do
  // differently, and what only PGlite does
  ...(process.env.TEST_DATABASE_SPECIFIC_ONLY
    ? {
        testMatch: [...DATABASE_SPECIFIC, ...PGLITE_SPECIFIC].map((file) => `<rootDir>/${file}`),
      }
    : {}),
  // PGlite starts in a few seconds, but a file that starts a whole stack (database, emulator, API)
  // has taken over 30 s on a loaded 2-core machine; the limit is for hangs, not for speed.
  testTimeout: 90000,
  // Jest's 500 ms for a worker to exit after the last file: its workers exit in under 100 ms, but
  // when this busy process hears of it late it kills them and warns of a leak there is not
  workerGracefulExitTimeout: 5000,
  // one migrated PGlite for the run, copied by each file (test/support/pglite-template.ts)
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['^(?!.*/node_modules/(typebox|jose|cookie)/).*/node_modules/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // what needs a PostgreSQL server, or one and Redis, only where they are; what is about PGlite
  // alone, only on PGlite (scripts/test.mjs says why not)
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(onPostgres ? PGLITE_ONLY : POSTGRES_ONLY).map(exactly),
    ...(withRedis ? [] : POSTGRES_AND_REDIS).map(exactly),
  ],
};
