// The workshop's scripts are plain Node run outside a browser: Node's environment, not jsdom.
module.exports = {
  ...require('../jest.config.base.js'),
  rootDir: __dirname,
  testEnvironment: 'node',
  // no DOM here: the base's jest-dom matchers would only cost each test file its load
  setupFilesAfterEnv: [],
};
