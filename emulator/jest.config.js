module.exports = { ...require('../jest.config.base.js'), rootDir: __dirname, testEnvironment: 'node' };
