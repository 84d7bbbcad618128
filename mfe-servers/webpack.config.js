const createRemoteConfig = require('../tools/webpack/createRemoteConfig');

module.exports = createRemoteConfig({
  packageDir: __dirname,
  exposes: {
    './ServersTab': './src/parcels/ServersTab/index.ts',
    './Invite': './src/parcels/Invite/index.ts',
  },
});
