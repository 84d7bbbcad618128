// A remote's webpack config: its exposes, plus the standalone harness page every remote has
// (its parcels on their own, the API answered by MSW, for QA).
const path = require('path');
const createFederatedConfig = require('./createFederatedConfig');

const harnessHtml = (federationName) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>RoConnect · ${federationName} standalone</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * @param {object} o
 * @param {string} o.packageDir  the remote's folder (__dirname of its webpack.config.js)
 * @param {Record<string,string>} o.exposes  parcel name -> module
 */
module.exports = function createRemoteConfig({ packageDir, exposes }) {
  const { roconnect } = require(path.join(packageDir, 'package.json'));
  return createFederatedConfig({
    packageDir,
    federationName: roconnect.federationName,
    port: roconnect.port,
    exposes,
    entries: {
      standalone: {
        import: './standalone/index.ts',
        templateContent: harnessHtml(roconnect.federationName),
      },
    },
    copyFiles: [{ from: require.resolve('msw/mockServiceWorker.js'), to: 'mockServiceWorker.js' }],
  });
};
