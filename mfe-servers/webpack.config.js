const createFederatedConfig = require('../tools/webpack/createFederatedConfig');
const { roconnect } = require('./package.json');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  federationName: roconnect.federationName,
  port: roconnect.port,
  exposes: {
    './ServersTab': './src/parcels/ServersTab/index.ts',
    './Invite': './src/parcels/Invite/index.ts',
  },
  // The standalone harness: this remote's parcels on their own, API answered by MSW (for QA).
  entries: { standalone: { import: './standalone/index.ts', template: 'standalone/index.html' } },
  copyFiles: [{ from: require.resolve('msw/mockServiceWorker.js'), to: 'mockServiceWorker.js' }],
});
