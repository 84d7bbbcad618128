// watchman: false — with watchman installed but not running on this machine, `npx jest` waits forever.
module.exports = { ...require('../jest.config.base.js'), rootDir: __dirname, watchman: false };
