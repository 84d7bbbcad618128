// One webpack config for the shell and every remote, so the shared singletons, loaders and output
// rules cannot drift apart between teams. Each package's webpack.config.js calls this.
const path = require('path');
const fs = require('fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./sharedSingletons');
const { commonPlugins, moduleRules, productionOptimization } = require('./baseConfig');
const LandingAssetsPlugin = require('./LandingAssetsPlugin');

/** React Query and shared-lib's query layer: the dashboard's, never the landing's. */
const QUERY_LAYER = /[\\/](node_modules[\\/]@tanstack|shared-lib[\\/]src[\\/]query)[\\/]/;

/** react-router's production build of `entry` (its package exports only its development build). */
const reactRouterProduction = (entry) =>
  path.join(path.dirname(require.resolve('react-router')), '..', 'production', entry);

/** The plugin `experiments.provideExternalRuntime` adds, as its ESM build (see below). */
const INJECT_RUNTIME_PLUGIN_ESM = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * The host's start is one entry with its shared singletons in it (sharedSingletons.js);
 * react-dom, half of it, downloads beside the rest as a file of its own
 * (docs/performance.md › Start files). The dashboard's body and the query layer it reads
 * through (React Query, shared-lib/query) are one file: on HTTP/1.1 each file the page
 * hints beyond six waits for a connection.
 */
const HOST_SPLIT_CHUNKS = {
  cacheGroups: {
    reactDom: {
      test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
      name: 'react-dom',
      filename: '[name].[contenthash:8].js',
      chunks: 'initial',
      enforce: true,
    },
    dashboardBody: {
      // the query layer's modules, and those only the lazy "dashboard" chunk holds
      test: (module, { chunkGraph }) =>
        QUERY_LAYER.test(module.resource || '') ||
        [...chunkGraph.getModuleChunksIterable(module)].every(
          (chunk) => chunk.name === 'dashboard',
        ),
      name: 'dashboard-body',
      chunks: 'async',
      enforce: true,
    },
  },
};

/**
 * @param {object} o
 * @param {string} o.packageDir        the package folder (__dirname of its webpack.config.js)
 * @param {string} o.federationName    identifier-safe container name (shell, mfe_accounts, …)
 * @param {number} o.port              dev server port
 * @param {Record<string,string>} [o.exposes]  remote exposes
 * @param {Record<string,string>} o.entries   html entries: name -> { import, template, filename }
 * @param {boolean} [o.isHost]
 * @param {string[]} [o.copyPublic]    files from public/ to copy into dist
 * @param {object} [o.devServer]       extra dev server options
 * @param {object} [o.manifest]        mf-manifest.json options (e.g. additionalData), default on
 *
 * One federation runtime for the page: the host bundles it and hands it to every remote
 * (provideExternalRuntime); a remote's remoteEntry.js takes it from the host (externalRuntime), so
 * it carries only its container. A remote therefore loads only inside the shell; its standalone
 * harness is a separate build without federation (createRemoteConfig).
 */
module.exports = function createFederatedConfig(o) {
  return (_env, argv) => {
    const mode = argv.mode || 'production';
    const isProd = mode === 'production';
    const outputPath = process.env.RC_OUT_DIR
      ? path.resolve(process.env.RC_OUT_DIR)
      : path.join(o.packageDir, 'dist');
    const publicDir = path.join(o.packageDir, 'public');

    return {
      mode,
      context: o.packageDir,
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      entry: Object.fromEntries(Object.entries(o.entries).map(([name, e]) => [name, e.import])),
      output: {
        path: outputPath,
        // Entry names stay stable (the federation runtime cannot hash them); chunks are immutable.
        filename: '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        publicPath: o.isHost ? '/' : 'auto',
        uniqueName: o.federationName,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        // The shell's router, react-router(-dom): production builds take react-router's production
        // build (no dev warnings, smaller), both of its entries, so no development chunk rides along.
        alias: isProd
          ? {
              'react-router$': reactRouterProduction('index.mjs'),
              'react-router/dom$': reactRouterProduction('dom-export.mjs'),
            }
          : {},
      },
      module: { rules: moduleRules(isProd) },
      // production scripts minified by swc (baseConfig.js); the host's start split as below
      ...(isProd
        ? {
            optimization: {
              ...productionOptimization(),
              ...(o.isHost ? { splitChunks: HOST_SPLIT_CHUNKS } : {}),
            },
          }
        : {}),
      plugins: [
        new ModuleFederationPlugin({
          name: o.federationName,
          filename: 'remoteEntry.js',
          exposes: o.exposes || {},
          remotes: {},
          shared: sharedSingletons(o.packageDir, { isHost: o.isHost }),
          shareStrategy: 'loaded-first',
          manifest: o.manifest ?? true,
          dts: false,
          // provideExternalRuntime would add this plugin by its CommonJS build, which bundles a
          // second (CommonJS) copy of the runtime next to the ESM one: +20 KB gzip. Its ESM build
          // shares the copy the host already has.
          ...(o.isHost ? { runtimePlugins: [INJECT_RUNTIME_PLUGIN_ESM] } : {}),
          experiments: {
            ...(o.isHost ? {} : { externalRuntime: true }),
            // browser only: the runtime's Node.js loading code is left out
            optimization: { target: 'web' },
          },
        }),
        ...commonPlugins(isProd),
        ...(o.isHost ? [new LandingAssetsPlugin()] : []),
        ...Object.entries(o.entries)
          .filter(([, e]) => e.template || e.templateContent)
          .map(
            ([name, e]) =>
              new HtmlWebpackPlugin({
                ...(e.template
                  ? { template: path.join(o.packageDir, e.template) }
                  : { templateContent: e.templateContent }),
                filename: e.filename || 'index.html',
                chunks: [name],
                scriptLoading: 'defer',
              }),
          ),
        ...(fs.existsSync(publicDir)
          ? [
              new CopyPlugin({
                patterns: [{ from: publicDir, to: outputPath, noErrorOnMissing: true }],
              }),
            ]
          : []),
        ...(o.copyFiles ? [new CopyPlugin({ patterns: o.copyFiles })] : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      ignoreWarnings: [/Manifest will use absolute path resolution/],
      devServer: {
        port: o.port,
        host: 'localhost',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: fs.existsSync(publicDir) ? publicDir : false,
        client: { overlay: false },
        ...(o.devServer || {}),
      },
    };
  };
};
