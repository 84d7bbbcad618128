// The modules every container shares as singletons (ARCHITECTURE.md). Sub-path keys ('react/',
// 'react-dom/') are needed: sharing 'react-dom' alone does not share 'react-dom/client'.
// The router (react-router-dom) is not shared: only the shell routes (every parcel is its own React
// root, so no router context reaches a remote), and a shared module cannot be tree-shaken: shared,
// its whole build went to every visitor; bundled, only the part the shell uses does.
// The query cache is one per page like the session: shared-lib's ./query entry is a singleton, not
// in the host's start (see HOST_STARTUP). React Query is not shared: only that entry imports it,
// so bundled inside it, it is tree-shaken to the part the entry uses.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'styled-components',
  '@roconnect/shared-lib',
  'axios',
  '@roconnect/shared-lib/query',
];

/** The package a shared request belongs to: 'react/' → react, '@scope/pkg/entry' → @scope/pkg. */
function packageOf(name) {
  const parts = name.split('/').filter(Boolean);
  return parts.slice(0, name.startsWith('@') ? 2 : 1).join('/');
}

function versionOf(packageDir, name) {
  const pkg = require(require.resolve(`${packageOf(name)}/package.json`, { paths: [packageDir] }));
  return pkg.version;
}

/**
 * What the host needs before its first render. The HTTP client loads with the first call, the
 * query cache with the first screen that loads data: the landing and the login load neither
 * (docs/performance.md › Size budgets).
 */
const LOADED_LATER = new Set(['axios', '@roconnect/shared-lib/query']);
const HOST_STARTUP = new Set(SINGLETONS.filter((name) => !LOADED_LATER.has(name)));

exports.sharedSingletons = function sharedSingletons(packageDir, { isHost = false } = {}) {
  return Object.fromEntries(
    SINGLETONS.map((name) => {
      const version = versionOf(packageDir, name);
      const eager = isHost && HOST_STARTUP.has(name);
      return [name, { singleton: true, requiredVersion: `^${version}`, version, eager }];
    }),
  );
};
