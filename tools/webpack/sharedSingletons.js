// The modules every container shares as singletons (ARCHITECTURE.md). Sub-path keys ('react/',
// 'react-dom/') are needed: sharing 'react-dom' alone does not share 'react-dom/client'.
// react-router is not shared: only the shell routes (every parcel is its own React root, so no
// router context reaches a remote), and a shared module cannot be tree-shaken: sharing it sent
// its whole 61 KB (gzip) build to every visitor, bundling it sends the ~20 KB the shell uses.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
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
