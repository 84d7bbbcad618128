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

/**
 * Floors: a package's top folders (and the files beside them) from the bottom up, each importing
 * only those below it, so no arrow points back up and no two folders form a circle (a circle
 * between folders is as tangled as one between modules, and dependency-cruiser's own check sees
 * only modules). Tests are exempt: a folder's test may use the folders above it. A new folder
 * must be placed in its package's list, or the cruise stops here naming it.
 */
function floorRules(pkg, dir, floors) {
  const top = readdirSync(path.join(__dirname, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() || /\.tsx?$/.test(e.name))
    .filter((e) => !/\.test\.tsx?$/.test(e.name))
    .map((e) => e.name.replace(/\.tsx?$/, ''));
  const unplaced = top.filter((name) => !floors.includes(name));
  if (unplaced.length > 0)
    throw new Error(
      `${dir}/{${unplaced.join(',')}} has no floor in ${pkg}'s list (.dependency-cruiser.cjs)`,
    );
  const at = (names) => `^${dir}/(${names.join('|')})(/|\\.tsx?$)`;
  return floors.slice(0, -1).map((floor, i) => ({
    name: `${pkg}-${floor}-imports-a-layer-above-it`,
    comment:
      i === 0
        ? `${dir}/${floor} imports nothing else from ${dir} (its floors in .dependency-cruiser.cjs).`
        : `${dir}/${floor} may import only ${floors.slice(0, i).join(', ')} (its floors in .dependency-cruiser.cjs).`,
    severity: 'error',
    from: { path: at([floor]), pathNot: '\\.test\\.tsx?$' },
    to: { path: at(floors.slice(i + 1)) },
  }));
}

// shared-lib: what the shell and every remote share, from the contract up to the entries.
const sharedLibLayerRules = floorRules('shared-lib', 'shared-lib/src', [
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
]);

// The API (api/README.md › Layout): what the app stands on (the database, helpers, the Discord and
// Roblox clients), the settings and context built from them, the domain, then the HTTP side. The
// floors below the features serve every feature (and their jobs and slash commands): one that
// imported a feature would tie them all to that feature's routes.
const apiFloorRules = floorRules('api', 'api/src', [
  'db',
  'lib',
  'integrations',
  'config', // composes the settings of the parts below (integrations/types.ts' IntegrationSettings)
  'context',
  'domain',
  'plugins',
  'features',
  'gateway', // the gateway worker queues the member-events feature's jobs
  'doctor',
  'app',
  'main',
]);

// The domain on two floors (api/README.md › Layout): the stores (data access and the rules on it)
// below, the workflows that combine them above. A store that reached a workflow would tie every
// caller of the store to it, and the workflows could no longer be read one at a time.
const domainStores = [
  'accounts',
  'api-keys',
  'audit',
  'binds',
  'channels',
  'config',
  'discord-log',
  'guilds',
  'messages',
  'privacy',
  'role-connections',
  'roles',
  'rules',
  'sessions',
  'staff',
  'tokens',
  'webhooks',
];
const domainWorkflows = ['account-actions', 'config-backup', 'maintenance', 'verification'];
const unplacedDomain = readdirSync(path.join(__dirname, 'api/src/domain')).filter(
  (name) => !domainStores.includes(name) && !domainWorkflows.includes(name),
);
if (unplacedDomain.length > 0)
  throw new Error(
    `api/src/domain/{${unplacedDomain.join(',')}} is neither in domainStores nor in domainWorkflows (.dependency-cruiser.cjs)`,
  );

// The emulator (emulator/README.md › Layout): the seed and the state at the bottom, the context
// every route module gets, then the routes, each group importing only those before it.
const emulatorFloorRules = floorRules('emulator', 'emulator/src', [
  'seed',
  'html',
  'oauth',
  'store', // Discord's and Roblox's records
  'runtime', // what the context holds besides the store: faults, logs, rate limits, gateway sessions
  'config', // composes the settings of the parts below
  'context',
  'views', // Discord's JSON shapes
  'gateway',
  'interactions',
  'discord',
  'roblox',
  'control',
  'app',
  'index',
  'main',
]);

// The shell: the router and the inlined deploy files below the features, the route table and the
// app that mount the features above them (a feature that imported the app would be part of it).
const shellFloorRules = floorRules('shell', 'shell/src', [
  'router',
  'inlineDeploy',
  'features',
  'app',
  'startShell',
  'bootstrap',
  'index',
]);

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
    {
      // The workshop (tools/: builds, the stack runner, the deploy checks, test helpers) serves the
      // product's build scripts, tests and the bench; product code that imported it would ship it.
      name: 'product-imports-the-tools',
      comment:
        'Product code (src/, server/, standalone/) may not import tools/: move what both need into the product.',
      severity: 'error',
      from: {
        path: '^(shared-lib|shell|mfe-[^/]+|api|emulator)/(src|server|standalone)/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '^tools/' },
    },
    {
      // The workshop starts the product's builds as programs; reaching into their sources would tie
      // it to their insides (its tests may read them to hold the workshop against the product).
      name: 'tools-imports-product-sources',
      comment:
        "tools/ runs the product's programs and builds; it may not import their sources (src/, server/).",
      severity: 'error',
      from: { path: '^tools/', pathNot: '^tools/test/' },
      to: { path: '^(shared-lib|shell|mfe-[^/]+|api|emulator)/(src|server|standalone)/' },
    },
    ...sharedLibLayerRules,
    ...apiFloorRules,
    {
      name: 'api-domain-store-imports-a-workflow',
      comment: `A store (${domainStores.join(', ')}) may not import a workflow (${domainWorkflows.join(', ')}): move what both need into the store.`,
      severity: 'error',
      from: { path: `^api/src/domain/(${domainStores.join('|')})/` },
      to: { path: `^api/src/domain/(${domainWorkflows.join('|')})/` },
    },
    {
      // One way to update a member (api/README.md › One way to update a member): a trigger that
      // gathered facts, planned or applied by hand would skip the checks updateMember owns.
      name: 'api-update-member-bypassed',
      comment: 'Call updateMember (api/src/domain/verification/update-member.ts) instead.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: '^api/src/domain/verification/' },
      to: {
        path: '^api/src/domain/verification/(apply-member|update-facts|plan-member-update)\\.ts$',
      },
    },
    ...emulatorFloorRules,
    ...shellFloorRules,
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
