const createRemoteConfig = require('../tools/webpack/createRemoteConfig');

module.exports = createRemoteConfig({
  packageDir: __dirname,
  exposes: {
    './AccountsTab': './src/parcels/AccountsTab/index.ts',
    './RobloxCallback': './src/parcels/RobloxCallback/index.ts',
    './Verify': './src/parcels/Verify/index.ts',
    './PrivacySettings': './src/parcels/PrivacySettings/index.ts',
    './LinkedRoles': './src/parcels/LinkedRoles/index.ts',
  },
});
