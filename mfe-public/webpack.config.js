const createRemoteConfig = require('../tools/webpack/createRemoteConfig');

module.exports = createRemoteConfig({
  packageDir: __dirname,
  exposes: {
    './Landing': './src/parcels/Landing/index.ts',
    './Login': './src/parcels/Login/index.ts',
    './Privacy': './src/parcels/Privacy/index.ts',
    './Terms': './src/parcels/Terms/index.ts',
    './ErrorPage': './src/parcels/ErrorPage/index.ts',
  },
});
