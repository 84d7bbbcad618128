// The import rules `npm run lint` enforces (dependency-cruiser over every package's source, tests,
// scripts and tools). Each rule fails the lint; the message says what to do instead.
const { readdirSync } = require('node:fs');
const path = require('node:path');
const sharedLibPackage = require('./shared-lib/package.json');

// The files a remote may import from shared-lib: its package entries (shared-lib/package.json
// "exports"), except the host entry, which only the shell may use.
const sharedLibEntriesForRemotes = Object.entries(sharedLibPackage.exports)
  .filter(([entry]) => entry !== './host')
  .map(([, file]) => `^shared-lib/${file.replace(/^\.\//, '').replace(/\./g, '\\.')}$`);

// shared-lib's top folders (and the files beside them) from the bottom up: each may import only
// those before it, so its folders can form no circle (a circle between folders is as tangled as
// one between modules, and dependency-cruiser's own check sees only modules). Tests are exempt: a
// folder's test may use the folders above it (testing/, mocks/). A new folder must be placed here.
const sharedLibLayers = [
  'constants',
  'contract',
  'format',
  'config',
  'toasts',
  'navigation',
  'session', // the tokens and the session's state; never the API client
  'earlyLoad',
  'api', // the HTTP clients, the calls, and the session that makes them (api/session.ts)
  'query', // the query cache over the calls
  'ui',
  'parcel',
  'mocks',
  'testing',
  'harness',
  'index', // the main entry
  'host', // the shell's entry
];
const sharedLibTopNames = readdirSync(path.join(__dirname, 'shared-lib/src'))
  .filter((name) => !/\.test\.tsx?$/.test(name))
  .map((name) => name.replace(/\.tsx?$/, ''));
const unplaced = sharedLibTopNames.filter((name) => !sharedLibLayers.includes(name));
if (unplaced.length > 0)
  throw new Error(
    `shared-lib/src/{${unplaced.join(',')}} has no place in sharedLibLayers (.dependency-cruiser.cjs)`,
  );
const sharedLibLayerRules = sharedLibLayers.slice(0, -1).map((layer, i) => ({
  name: `shared-lib-${layer}-imports-a-layer-above-it`,
  comment:
    i === 0
      ? `shared-lib/src/${layer} imports nothing else from shared-lib (sharedLibLayers).`
      : `shared-lib/src/${layer} may import only ${sharedLibLayers.slice(0, i).join(', ')} (sharedLibLayers).`,
  severity: 'error',
  from: { path: `^shared-lib/src/${layer}(/|\\.tsx?$)`, pathNot: '\\.test\\.tsx?$' },
  to: { path: `^shared-lib/src/(${sharedLibLayers.slice(i + 1).join('|')})(/|\\.tsx?$)` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      // A circle makes the order modules load in decide what a module sees at start (a value
      // still undefined), and no part of it can be understood, tested or moved on its own.
      // Type-only imports count: a shared type goes in a third module both import.
      name: 'no-circular',
      comment: 'Move what both modules need into a third module that both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      // The API's layers (api/README.md › Layout): what a second feature needs belongs in the
      // domain, so each feature can change without reading the others.
      name: 'api-feature-imports-another-feature',
      comment: 'Move what both features need to api/src/domain.',
      severity: 'error',
      from: { path: '^api/src/features/([^/]+)/' },
      to: { path: '^api/src/features/', pathNot: '^api/src/features/$1/' },
    },
    {
      // The layers below the features serve every feature (and their jobs and slash commands):
      // one that imports a feature ties them all to that feature's routes.
      name: 'api-layer-imports-a-feature',
      comment: 'The domain, lib, integrations, db and plugins may not import a feature.',
      severity: 'error',
      from: { path: '^api/src/(domain|lib|integrations|db|plugins)/' },
      to: { path: '^api/src/features/' },
    },
    {
      // Each remote is built and deployed on its own (docs/architecture.md › Remotes); what two
      // remotes share goes through shared-lib.
      name: 'remote-imports-another-remote',
      comment: 'Move what both remotes need to shared-lib.',
      severity: 'error',
      from: { path: '^(mfe-[^/]+)/' },
      to: { path: '^mfe-[^/]+/', pathNot: '^$1/' },
    },
    {
      // The shell loads the remotes, not the other way round: a remote that imported the shell
      // would bundle a second copy of it.
      name: 'remote-imports-the-shell',
      comment: 'A remote gets what the shell gives it through shared-lib or its parcel props.',
      severity: 'error',
      from: { path: '^mfe-' },
      to: { path: '^shell/' },
    },
    {
      // The host entry sets the runtime configuration, installs the session's interceptors and
      // writes the tokens: a remote doing that would change every other remote's session.
      name: 'remote-imports-shared-lib-host-entry',
      comment: 'Only the shell may import @roconnect/shared-lib/host.',
      severity: 'error',
      from: { path: '^mfe-' },
      to: { path: '^shared-lib/src/host\\.ts$' },
    },
    {
      // A remote takes shared-lib only through its package entries, so it gets the shell's
      // singleton (a file reached by path is a second copy) and cannot reach around the host entry.
      name: 'remote-imports-shared-lib-internals',
      comment: 'Import from @roconnect/shared-lib (or one of its other package entries).',
      severity: 'error',
      from: { path: '^mfe-' },
      to: {
        path: '^shared-lib/',
        pathNot: [...sharedLibEntriesForRemotes, '^shared-lib/src/host\\.ts$'],
      },
    },
    {
      // shared-lib is below the shell and the remotes: both import it, so it can import neither.
      name: 'shared-lib-imports-the-shell-or-a-remote',
      comment: 'Move what shared-lib needs from the shell or the remote into shared-lib.',
      severity: 'error',
      from: { path: '^shared-lib/' },
      to: { path: '^(shell|mfe-[^/]+)/' },
    },
    {
      // The shell loads a remote's parcels at run time from its own deploy (Module Federation);
      // importing its source would build the remote into the shell.
      name: 'shell-imports-a-remote',
      comment: 'Load the remote through the route table and the federation runtime.',
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: '^mfe-[^/]+/' },
    },
    ...sharedLibLayerRules,
    {
      // An import the cruiser cannot resolve escapes every rule above.
      name: 'unresolvable-import',
      comment: 'Fix the import, or teach enhancedResolveOptions (below) how webpack resolves it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: {
      path: '(^|/)(node_modules|dist|dist-server|coverage|\\.data|test-results|playwright-report)/',
    },
    // type-only imports are imports too (see no-circular)
    tsPreCompilationDeps: true,
    // resolve as webpack and Jest do: package "exports", extensionless TypeScript imports
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
