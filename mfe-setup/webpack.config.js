const createRemoteConfig = require('../tools/webpack/createRemoteConfig');

module.exports = createRemoteConfig({
  packageDir: __dirname,
  exposes: {
    './SetupWizard': './src/parcels/SetupWizard/index.ts',
    './ServerConfig': './src/parcels/ServerConfig/index.ts',
    './DiscordSettings': './src/parcels/DiscordSettings/index.ts',
    './RulesSettings': './src/parcels/RulesSettings/index.ts',
    './DeveloperSettings': './src/parcels/DeveloperSettings/index.ts',
  },
});
