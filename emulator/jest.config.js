// light-my-request (Fastify's inject) loads cookie@2, which ships ESM only: let swc transform it.
module.exports = {
  ...require('../jest.config.base.js'),
  rootDir: __dirname,
  testEnvironment: 'node',
  // no DOM here: the base's jest-dom matchers would only cost each test file its load
  setupFilesAfterEnv: [],
  transformIgnorePatterns: ['^(?!.*/node_modules/cookie/).*/node_modules/'],
};
