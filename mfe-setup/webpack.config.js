const createRemoteConfig = require('../tools/webpack/createRemoteConfig');

module.exports = createRemoteConfig({
  packageDir: __dirname,
  exposes: {
    './SetupWizard': './src/parcels/SetupWizard/index.ts',
    './ServerConfig': './src/parcels/ServerConfig/index.ts',
  },
});
