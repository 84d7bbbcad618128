// The workshop's scripts are plain Node run outside a browser: Node's environment, not jsdom.
module.exports = {
  ...require('../jest.config.base.js'),
  rootDir: __dirname,
  testEnvironment: 'node',
};
