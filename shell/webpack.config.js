const createFederatedConfig = require('../tools/webpack/createFederatedConfig');
const { roconnect } = require('./package.json');

module.exports = createFederatedConfig({
  packageDir: __dirname,
  federationName: roconnect.federationName,
  port: roconnect.port,
  isHost: true,
  entries: { main: { import: './src/index.ts', template: 'src/index.html' } },
  devServer: {
    // The production server answers this; in development a fixed nonce keeps the code path alive.
    setupMiddlewares: (middlewares, devServer) => {
      devServer.app.get('/api/csp-nonce', (_req, res) => res.json({ nonce: 'development' }));
      return middlewares;
    },
  },
});
