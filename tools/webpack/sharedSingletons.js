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

/** What the host needs before its first render; the HTTP client loads with the first call. */
const HOST_STARTUP = new Set(SINGLETONS.filter((name) => name !== 'axios'));

exports.sharedSingletons = function sharedSingletons(packageDir, { isHost = false } = {}) {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = versionOf(packageDir, name);
      const eager = isHost && HOST_STARTUP.has(name);
      return [name, { singleton: true, requiredVersion: `^${version}`, version, eager }];
    }),
  );
};
