module.exports = {
  ...require('../jest.config.base.js'),
  rootDir: __dirname,
  moduleNameMapper: {
    ...require('../jest.config.base.js').moduleNameMapper,
    // Tests load "remotes" from local fakes instead of the network.
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/mocks/federationRuntime.ts',
  },
};
