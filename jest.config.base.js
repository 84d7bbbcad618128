// Shared Jest settings; each package spreads this and sets rootDir.
const path = require('path');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

module.exports = {
  // jsdom plus Node's own fetch/Request/Response/Headers/Blob/FormData/URL/AbortController, so msw's
  // interceptors and the code under test share one set of classes (plain jsdom has no fetch globals).
  testEnvironment: require.resolve('jest-fixed-jsdom'),
  // .mjs too: some of msw's dependencies (rettime) ship only ESM builds.
  transform: {
    '^.+\\.(t|j)sx?$': swcTransform,
    '^.+\\.mjs$': swcTransform,
  },
  setupFiles: [path.join(__dirname, 'jest.polyfills.js')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.ts')],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
  moduleNameMapper: {
    '^@roconnect/shared-lib$': path.join(__dirname, 'shared-lib/src/index.ts'),
    '^@roconnect/shared-lib/(mocks|testing|contract|harness)$': path.join(
      __dirname,
      'shared-lib/src/$1/index.ts',
    ),
  },
  // msw 2 and its deps ship ESM-only pieces in places; let swc transform them.
  transformIgnorePatterns: [
    '/node_modules/(?!(msw|@mswjs|@bundled-es-modules|until-async|@open-draft|outvariant|strict-event-emitter|headers-polyfill|is-node-process|rettime)/)',
  ],
  testEnvironmentOptions: { customExportConditions: [''] },
  // no watchman on these machines: without this Jest waits on it before finding tests
  watchman: false,
  // Jest's 5 s is for hangs, and a test that types into a form took longer on a loaded 2-core
  // machine running the API's suite beside it (scripts/test.mjs)
  testTimeout: 30000,
};
