// A remote's webpack build: two configurations written to the same dist/.
// 1. the federated container (remoteEntry.js, mf-manifest.json, exposed chunks), whose federation
//    runtime comes from the shell (externalRuntime), so the remote loads only inside the shell;
// 2. the standalone harness page (its parcels on their own, the API answered by MSW, for QA): a
//    plain build without federation, so it needs no shell, under dist/standalone/ (its page is
//    dist/index.html, as before).
const fs = require('fs');
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const createFederatedConfig = require('./createFederatedConfig');
const { commonPlugins, moduleRules } = require('./baseConfig');

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

function standaloneConfig({ packageDir, federationName, outputPath, mode }) {
  const isProd = mode === 'production';
  return {
    name: 'standalone',
    // after the container build, whose output.clean would otherwise remove these files
    dependencies: ['federation'],
    mode,
    context: packageDir,
    // a QA page: no source maps, precompressed files or minifying in production, so the build
    // stays quick (minifying it was ≈ 12 of a remote's 31 CPU s); React is still its production build
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    optimization: { minimize: false },
    entry: { standalone: './standalone/index.ts' },
    output: {
      path: outputPath,
      filename: 'standalone/[name].js',
      chunkFilename: isProd ? 'standalone/[name].[contenthash:8].js' : 'standalone/[name].js',
      publicPath: '/',
      uniqueName: `${federationName}_standalone`,
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: moduleRules(isProd) },
    plugins: [
      ...commonPlugins(isProd, { precompress: false }),
      new HtmlWebpackPlugin({
        templateContent: harnessHtml(federationName),
        filename: 'index.html',
        scriptLoading: 'defer',
      }),
      new CopyPlugin({
        patterns: [
          { from: require.resolve('msw/mockServiceWorker.js'), to: 'mockServiceWorker.js' },
        ],
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

const CONTRACT_VERSION_FILE = path.join(__dirname, '../../shared-lib/src/contract/version.ts');

/**
 * The shared-lib contract version this remote is built against, read from its source line (the
 * build runs without TypeScript). The shell refuses a remote of another major
 * (docs/deploying-a-remote.md › Contract version).
 */
function readContractVersion(file = CONTRACT_VERSION_FILE) {
  const match = /^export const CONTRACT_VERSION = '(\d+\.\d+\.\d+)';$/m.exec(
    fs.readFileSync(file, 'utf8'),
  );
  if (!match)
    throw new Error(`${file}: no line export const CONTRACT_VERSION = '<major.minor.patch>';`);
  return match[1];
}

/** mf-manifest.json with `metaData.roconnect.contractVersion`, which the shell checks. */
const contractManifest = (contractVersion) => ({
  additionalData: ({ stats }) => {
    stats.metaData.roconnect = { contractVersion };
    return stats;
  },
});

/**
 * @param {object} o
 * @param {string} o.packageDir  the remote's folder (__dirname of its webpack.config.js)
 * @param {Record<string,string>} o.exposes  parcel name -> module
 */
module.exports = function createRemoteConfig({ packageDir, exposes }) {
  const { roconnect } = require(path.join(packageDir, 'package.json'));
  const federated = createFederatedConfig({
    packageDir,
    federationName: roconnect.federationName,
    port: roconnect.port,
    exposes,
    entries: {},
    manifest: contractManifest(readContractVersion()),
  });
  const config = (env, argv) => {
    const container = { name: 'federation', ...federated(env, argv) };
    return [
      container,
      standaloneConfig({
        packageDir,
        federationName: roconnect.federationName,
        outputPath: container.output.path,
        mode: container.mode,
      }),
    ];
  };
  // what the remote exposes, for the test that mounts each on the standalone page
  config.exposes = exposes;
  return config;
};

module.exports.readContractVersion = readContractVersion;
