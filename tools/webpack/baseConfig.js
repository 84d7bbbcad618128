// What every webpack build of the project shares: the loaders, the release define, and in
// production the compile hint on every script and the brotli and gzip files written next to each
// text asset, so the servers send precompressed bodies instead of compressing per request.
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const path = require('path');
const zlib = require('zlib');
const { CompileHintsPlugin } = require('./CompileHintsPlugin');

/** Text assets worth compressing; deploy files edited in place (remotes.json, config.json) excluded. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
const EDITED_IN_PLACE = /(^|\/)(remotes|config)\.json$/;

/**
 * styled-components' CSS minified at build time: the browser's stylis then parses no indentation
 * or comments at start (docs/performance.md › Bytes on the wire), and `pure` lets unused styled
 * components be dropped. No component ids or display names: class names are made as before.
 * The plugin is WebAssembly built against one swc_core range: upgrade it with @swc/core.
 */
const STYLED_COMPONENTS_PLUGIN = [
  require.resolve('@swc/plugin-styled-components'),
  {
    displayName: false,
    ssr: false,
    fileName: false,
    cssProp: false,
    transpileTemplateLiterals: false,
    minify: true,
    pure: true,
  },
];

/** where swc keeps the plugin compiled, out of the packages' folders */
const SWC_CACHE = path.join(__dirname, '..', '..', 'node_modules', '.cache', 'swc');

exports.moduleRules = (isProd) => [
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
          ...(isProd
            ? { experimental: { plugins: [STYLED_COMPONENTS_PLUGIN], cacheRoot: SWC_CACHE } }
            : {}),
        },
      },
    },
  },
];

/**
 * Production optimization: scripts minified by swc, which the loader already runs, through the
 * plugin webpack minifies with by default. Its default minifier, terser, took half of each
 * bundle's build CPU for scripts 0.3–1 % larger than swc's (docs/performance.md › CI). Webpack's
 * own minimizer ('...') still minifies the HTML and CSS, scripts turned off there: the shell's
 * server finds index.html's entry tags in the form it writes (shell/server/entryAfterFirstPaint.ts).
 */
exports.productionOptimization = () => ({
  minimizeOptions: { javascript: false },
  minimizer: [
    '...',
    new MinimizerPlugin({
      test: /\.[cm]?js(\?.*)?$/i,
      minify: MinimizerPlugin.swcMinify,
      minimizerOptions: { compress: { passes: 2 } },
    }),
  ],
});

exports.commonPlugins = (isProd, { precompress = isProd } = {}) => [
  new webpack.DefinePlugin({
    'process.env.RC_RELEASE': JSON.stringify(process.env.RC_RELEASE || 'dev'),
  }),
  // the browser compiles production scripts while they download (CompileHintsPlugin.js)
  ...(isProd ? [new CompileHintsPlugin()] : []),
  ...(precompress
    ? [
        new CompressionPlugin({
          filename: '[path][base].br',
          algorithm: 'brotliCompress',
          test: COMPRESSIBLE,
          exclude: EDITED_IN_PLACE,
          compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
          threshold: 1024,
          minRatio: 0.9,
        }),
        new CompressionPlugin({
          filename: '[path][base].gz',
          algorithm: 'gzip',
          test: COMPRESSIBLE,
          exclude: EDITED_IN_PLACE,
          compressionOptions: { level: 9 },
          threshold: 1024,
          minRatio: 0.9,
        }),
      ]
    : []),
];
