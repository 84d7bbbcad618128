/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The import rules of `npm run lint` (.dependency-cruiser.cjs), run on a small tree laid out like
// the repository: each file below breaks one rule (or none), and the cruise must name exactly
// those files and rules.
const repoRoot = path.resolve(__dirname, '../..');
const depcruise = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** path → source, and the rule the cruise must report for the file (null: none) */
const files: Record<string, { source: string; breaks: string | null }> = {
  'api/src/features/auth/routes.ts': {
    source: "import { dashboard } from '../dashboard/routes';\nexport const auth = dashboard;",
    breaks: 'api-feature-imports-another-feature',
  },
  'api/src/features/dashboard/routes.ts': {
    source: "import { guilds } from '../../domain/guilds/store';\nexport const dashboard = guilds;",
    breaks: null,
  },
  'api/src/domain/guilds/store.ts': { source: 'export const guilds = 1;', breaks: null },
  'api/src/lib/sweep.ts': {
    source: "import { auth } from '../features/auth/routes';\nexport const sweep = auth;",
    breaks: 'api-lib-imports-a-layer-above-it',
  },
  'api/src/config.ts': {
    source: "import { guilds } from './domain/guilds/store';\nexport const config = guilds;",
    breaks: 'api-config-imports-a-layer-above-it',
  },
  'api/src/domain/accounts/users.ts': {
    source: "import { verify } from '../verification/verify';\nexport const users = verify;",
    breaks: 'api-domain-store-imports-a-workflow',
  },
  'api/src/domain/messages/store.ts': {
    source: "import { verify } from '../verification/verify';\nexport const messages = verify;",
    breaks: 'api-domain-store-imports-a-workflow',
  },
  'api/src/domain/verification/verify.ts': {
    source: "import { guilds } from '../guilds/store';\nexport const verify = guilds;",
    breaks: null,
  },
  'api/src/features/verify/routes.ts': {
    source:
      "import { apply } from '../../domain/verification/apply-member';\nexport const verifyRoute = apply;",
    breaks: 'api-update-member-bypassed',
  },
  'api/src/domain/verification/apply-member.ts': {
    source: 'export const apply = 1;',
    breaks: null,
  },
  'emulator/src/store/store.ts': {
    source: "import { config } from '../config';\nexport const store = config;",
    breaks: 'emulator-store-imports-a-layer-above-it',
  },
  'emulator/src/config.ts': { source: 'export const config = 1;', breaks: null },
  'emulator/src/discord/guilds.ts': {
    source: "import { config } from '../config';\nexport const guilds = config;",
    breaks: null,
  },
  'shell/src/features/auth/guards.ts': {
    source: "import { App } from '../../app/App';\nexport const guards = App;",
    breaks: 'shell-features-imports-a-layer-above-it',
  },
  'shell/src/features/dashboard/header.ts': {
    source: "import { router } from '../../router';\nexport const header = router;",
    breaks: null,
  },
  'shell/src/app/App.ts': {
    source: "import { header } from '../features/dashboard/header';\nexport const App = header;",
    breaks: null,
  },
  'shell/src/router.ts': { source: 'export const router = 1;', breaks: null },
  'cycle/first.ts': {
    source: "import type { Second } from './second';\nexport type First = Second[];",
    breaks: 'no-circular',
  },
  // the same circle, reported once (at first.ts)
  'cycle/second.ts': {
    source: "import type { First } from './first';\nexport type Second = { first: First };",
    breaks: null,
  },
  'mfe-a/src/otherRemote.ts': {
    source: "import { b } from '../../mfe-b/src/b';\nexport const a = b;",
    breaks: 'remote-imports-another-remote',
  },
  'mfe-a/src/shell.ts': {
    source:
      "import { startShell } from '../../shell/src/startShell';\nexport const a = startShell;",
    breaks: 'remote-imports-the-shell',
  },
  'mfe-a/src/hostEntry.ts': {
    source:
      "import { tokenStorage } from '@roconnect/shared-lib/host';\nexport const a = tokenStorage;",
    breaks: 'remote-imports-shared-lib-host-entry',
  },
  'mfe-a/src/internals.ts': {
    source:
      "import { tokenStorage } from '../../shared-lib/src/session/tokenStorage';\nexport const a = tokenStorage;",
    breaks: 'remote-imports-shared-lib-internals',
  },
  'mfe-b/src/b.ts': {
    source: "import { session } from '@roconnect/shared-lib';\nexport const b = session;",
    breaks: null,
  },
  'shell/src/startShell.ts': {
    source:
      "import { tokenStorage } from '@roconnect/shared-lib/host';\nexport const startShell = tokenStorage;",
    breaks: null,
  },
  'shell/src/remoteSource.ts': {
    source: "import { b } from '../../mfe-b/src/b';\nexport const shell = b;",
    breaks: 'shell-imports-a-remote',
  },
  'shared-lib/package.json': {
    source: JSON.stringify({
      name: '@roconnect/shared-lib',
      exports: { '.': './src/index.ts', './host': './src/host.ts' },
    }),
    breaks: null,
  },
  'shared-lib/src/index.ts': {
    source: "export { session } from './api/session';",
    breaks: null,
  },
  'shared-lib/src/host.ts': {
    source: "export { tokenStorage } from './session/tokenStorage';",
    breaks: null,
  },
  'shared-lib/src/api/session.ts': {
    source:
      "import { tokenStorage } from '../session/tokenStorage';\nexport const session = tokenStorage;",
    breaks: null,
  },
  'shared-lib/src/session/tokenStorage.ts': {
    source: 'export const tokenStorage = 1;',
    breaks: null,
  },
  'shared-lib/src/session/sessionState.ts': {
    source: "import { session } from '../api/session';\nexport const sessionState = session;",
    breaks: 'shared-lib-session-imports-a-layer-above-it',
  },
  'shared-lib/src/session/sessionState.test.ts': {
    source: "import { session } from '../api/session';\nexport const used = session;",
    breaks: null,
  },
  'shared-lib/src/ui/Shell.ts': {
    source:
      "import { startShell } from '../../../shell/src/startShell';\nexport const ui = startShell;",
    breaks: 'shared-lib-imports-the-shell-or-a-remote',
  },
  'shell/server/serve.ts': {
    source: "import { ROOT } from '@roconnect/tools/stack';\nexport const serve = ROOT;",
    breaks: 'product-imports-the-tools',
  },
  'shell/test/serve.test.ts': {
    source: "import { ROOT } from '@roconnect/tools/stack';\nexport const used = ROOT;",
    breaks: null,
  },
  'tools/package.json': {
    source: JSON.stringify({
      name: '@roconnect/tools',
      exports: { './stack': './stack/index.cjs' },
    }),
    breaks: null,
  },
  'tools/stack/index.cjs': { source: 'module.exports = { ROOT: 1 };', breaks: null },
  'tools/deploy/settings.mjs': {
    source: "import { config } from '../../api/src/config';\nexport const settings = config;",
    breaks: 'tools-imports-product-sources',
  },
  'tools/test/settings.test.ts': {
    source: "import { config } from '../../api/src/config';\nexport const used = config;",
    breaks: null,
  },
  'scripts/missing.mjs': {
    source: "import { gone } from './gone.mjs';\nexport const missing = gone;",
    breaks: 'unresolvable-import',
  },
};

interface Violation {
  from: string;
  rule: { name: string };
}

let fixture: string;
let violations: Violation[];

beforeAll(() => {
  fixture = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  for (const [file, { source }] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), source);
  }
  // the workspace link npm makes, so the package entries resolve as they do in the repository
  mkdirSync(path.join(fixture, 'node_modules/@roconnect'), { recursive: true });
  symlinkSync('../../shared-lib', path.join(fixture, 'node_modules/@roconnect/shared-lib'));
  symlinkSync('../../tools', path.join(fixture, 'node_modules/@roconnect/tools'));
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        depcruise,
        '--config',
        path.join(repoRoot, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        '.',
      ],
      { cwd: fixture, encoding: 'utf8' },
    );
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its report is still on stdout
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    if (!stdout) throw new Error(`depcruise failed: ${stderr}`);
    output = stdout;
  }
  violations = JSON.parse(output).summary.violations;
}, 30_000);

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const brokenRules = Object.entries(files).flatMap(([file, { breaks }]) =>
  breaks === null ? [] : [[file, breaks] as const],
);

test.each(brokenRules)('%s breaks %s', (file, rule) => {
  expect(violations).toContainEqual(
    expect.objectContaining({ from: file, rule: expect.objectContaining({ name: rule }) }),
  );
});

test('the allowed imports break no rule, and no file breaks a rule it was not written to', () => {
  const found = violations.map(({ from, rule }) => `${from} ${rule.name}`);
  const expected = brokenRules.map(([file, rule]) => `${file} ${rule}`);
  expect([...new Set(found)].sort()).toEqual(expected.sort());
});
