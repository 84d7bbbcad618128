/** @jest-environment node */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/check-size-budgets.mjs, loaded by path (plain Node ESM, no types).
interface Budgets {
  landingJs: number;
  remoteEntry: number;
}
interface SizeBudgetsModule {
  BUDGETS: Budgets;
  REMOTE_DIRS: Record<string, string>;
  checkSizeBudgets(options: { root: string; budgets?: Budgets }): {
    figures: { figure: string; bytes: number | null }[];
    failures: string[];
  };
}
const CHECKER = '../../scripts/check-size-budgets.mjs';

/** Incompressible bytes: gzip leaves them at about their size. */
const noise = (bytes: number) => crypto.randomBytes(bytes);
const REACT_DOM_BANNER = '/**\n * @license React\n * react-dom-client.production.js\n */\n';

let root: string;
let checker: SizeBudgetsModule;

function write(file: string, ...parts: (string | Buffer)[]) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), Buffer.concat(parts.map((part) => Buffer.from(part))));
}

/** A build within every budget: a small shell start, four small remotes. */
function writeBuild(remoteDirs: Record<string, string>) {
  write(
    'shell/dist/landing-assets.json',
    JSON.stringify({ entry: ['main.js'], startup: ['1.aaaaaaaa.js', '2.bbbbbbbb.js'] }),
  );
  write('shell/dist/main.js', noise(20_000));
  write('shell/dist/1.aaaaaaaa.js', REACT_DOM_BANNER, noise(30_000));
  write('shell/dist/2.bbbbbbbb.js', noise(10_000));
  for (const dir of Object.values(remoteDirs)) {
    write(
      `${dir}/dist/mf-manifest.json`,
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'Landing',
            assets: { js: { sync: ['expose.cccccccc.js'], async: ['lazy.dddddddd.js'] } },
          },
        ],
      }),
    );
    write(`${dir}/dist/remoteEntry.js`, noise(5_000));
    write(`${dir}/dist/expose.cccccccc.js`, noise(3_000));
    write(`${dir}/dist/lazy.dddddddd.js`, noise(3_000));
  }
}

beforeAll(async () => {
  checker = (await import(CHECKER)) as SizeBudgetsModule;
});
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'roconnect-budgets-'));
  writeBuild(checker.REMOTE_DIRS);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('passes a build within every budget', () => {
  const { failures, figures } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([]);
  const landing = figures.find((f) => f.figure.startsWith('landing'));
  // shell 60 KB + public remote's entry 5 KB and Landing chunk 3 KB, gzip of incompressible bytes
  expect(landing?.bytes).toBeGreaterThan(68_000);
  expect(landing?.bytes).toBeLessThan(70_000);
});

it('fails on a landing page over budget, naming its size, the budget and the largest files', () => {
  write('shell/dist/2.bbbbbbbb.js', noise(200_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatch(
    /^the landing page loads 2\d\d\.\d KB of JavaScript \(gzip\), over its 190\.0 KB budget; largest: shell\/dist\/2\.bbbbbbbb\.js 200\.\d KB/,
  );
});

it('fails on a remoteEntry.js over 10 KB gzip, naming the file', () => {
  write('mfe-servers/dist/remoteEntry.js', noise(12_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([
    expect.stringMatching(
      /^mfe-servers\/dist\/remoteEntry\.js is 12\.\d KB gzip, over the 10\.0 KB budget/,
    ),
  ]);
});

it('fails when a remote ships its own react-dom, naming both bundles', () => {
  write('mfe-accounts/dist/lazy.dddddddd.js', REACT_DOM_BANNER, noise(1_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([
    'react-dom-client.production.js is in 2 bundles the browser loads (shell/dist/1.aaaaaaaa.js, mfe-accounts/dist/lazy.dddddddd.js): react-dom must be downloaded once, from the shell',
  ]);
});

it('says which file is missing when there is no production build', () => {
  fs.rmSync(path.join(root, 'shell/dist/landing-assets.json'));
  expect(() => checker.checkSizeBudgets({ root })).toThrow(
    /landing-assets\.json is missing\. Run the production build first\./,
  );
});
