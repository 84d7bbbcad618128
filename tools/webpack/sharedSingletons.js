// The modules every container shares as singletons (ARCHITECTURE.md). Sub-path keys ('react/',
// 'react-dom/') are needed: sharing 'react-dom' alone does not share 'react-dom/client'.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'styled-components',
  '@roconnect/shared-lib',
  'axios',
];

function versionOf(packageDir, name) {
  const pkgName = name.replace(/\/$/, '');
  const pkg = require(require.resolve(`${pkgName}/package.json`, { paths: [packageDir] }));
  return pkg.version;
}

exports.sharedSingletons = function sharedSingletons(packageDir) {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = versionOf(packageDir, name);
      return [name, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
};
