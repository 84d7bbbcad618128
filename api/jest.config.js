const base = require('../jest.config.base.js');

// typebox and jose ship ESM only; let swc turn them (and the test files) into CommonJS for Jest.
const swc = base.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...base,
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(typebox|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
