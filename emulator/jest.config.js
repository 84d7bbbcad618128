// light-my-request (Fastify's inject) loads cookie@2, which ships ESM only: let swc transform it.
module.exports = {
  ...require('../jest.config.base.js'),
  rootDir: __dirname,
  testEnvironment: 'node',
  transformIgnorePatterns: ['^(?!.*/node_modules/cookie/).*/node_modules/'],
};
