const createFederatedConfig = require('../tools/webpack/createFederatedConfig');
const { roconnect } = require('./package.json');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  federationName: roconnect.federationName,
  port: roconnect.port,
  isHost: true,
  entries: { main: { import: './src/index.ts', template: 'src/index.html' } },
  devServer: {
    // what shell/server/apiProxy.mjs does in production: the API on the page's origin
    proxy: [
      {
        context: ['/_api'],
        target: process.env.API_UPSTREAM || 'http://127.0.0.1:3000',
        pathRewrite: { '^/_api': '' },
        xfwd: true,
      },
    ],
    // The production server answers this; in development a fixed nonce keeps the code path alive.
    setupMiddlewares: (middlewares, devServer) => {
      devServer.app.get('/api/csp-nonce', (_req, res) => res.json({ nonce: 'development' }));
      return middlewares;
    },
  },
});
