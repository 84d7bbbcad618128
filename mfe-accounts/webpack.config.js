const createFederatedConfig = require('../tools/webpack/createFederatedConfig');
const { roconnect } = require('./package.json');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  federationName: roconnect.federationName,
  port: roconnect.port,
  exposes: {
    './AccountsTab': './src/parcels/AccountsTab/index.ts',
    './RobloxCallback': './src/parcels/RobloxCallback/index.ts',
    './Verify': './src/parcels/Verify/index.ts',
  },
  // The standalone harness: this remote's parcels on their own, API answered by MSW (for QA).
  entries: { standalone: { import: './standalone/index.ts', template: 'standalone/index.html' } },
  copyFiles: [{ from: require.resolve('msw/mockServiceWorker.js'), to: 'mockServiceWorker.js' }],
});
