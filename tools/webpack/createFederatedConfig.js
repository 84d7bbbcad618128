// One webpack config for the shell and every remote, so the shared singletons, loaders and output
// rules cannot drift apart between teams. Each package's webpack.config.js calls this.
const path = require('path');
const fs = require('fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./sharedSingletons');

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
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProd } },
                  target: 'es2020',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: o.federationName,
          filename: 'remoteEntry.js',
          exposes: o.exposes || {},
          remotes: {},
          shared: sharedSingletons(o.packageDir),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        new webpack.DefinePlugin({
          'process.env.RC_RELEASE': JSON.stringify(process.env.RC_RELEASE || 'dev'),
        }),
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
