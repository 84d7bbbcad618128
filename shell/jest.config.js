const base = require('../jest.config.base.js');

module.exports = {
  ...base,
  rootDir: __dirname,
  // no watchman on these machines: without this Jest waits on it before finding tests
  watchman: false,
  // keep the base polyfills; add the globals webpack would define in a build
  setupFiles: [...base.setupFiles, '<rootDir>/test/setupGlobals.js'],
  moduleNameMapper: {
    ...base.moduleNameMapper,
    // Tests load "remotes" from local fakes instead of the network.
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/mocks/federationRuntime.ts',
  },
};
