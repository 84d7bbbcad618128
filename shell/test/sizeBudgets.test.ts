/** @jest-environment node */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// scripts/check-size-budgets.mjs, loaded by path (plain Node ESM, no types).
interface Budgets {
  landingJs: number;
  remoteEntry: number;
  shellStartFiles: number;
  dashboardEarlyLoad: number;
}
interface SizeBudgetsModule {
  BUDGETS: Budgets;
  REMOTE_DIRS: Record<string, string>;
  checkSizeBudgets(options: { root: string; budgets?: Budgets }): {
    figures: { figure: string; bytes: number | null }[];
    failures: string[];
    landingFiles: string[];
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
    JSON.stringify({
      entry: ['main.js'],
      startup: ['1.aaaaaaaa.js', '2.bbbbbbbb.js'],
      httpClient: ['http-client.eeeeeeee.js'],
    }),
  );
  write('shell/dist/http-client.eeeeeeee.js', noise(40_000));
  write('shell/dist/early-load/dashboard.js', noise(5_000));
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
          { name: 'Login', assets: { js: { sync: ['login.ffffffff.js'], async: [] } } },
        ],
      }),
    );
    write(`${dir}/dist/remoteEntry.js`, noise(5_000));
    write(`${dir}/dist/expose.cccccccc.js`, noise(3_000));
    write(`${dir}/dist/lazy.dddddddd.js`, noise(3_000));
    write(`${dir}/dist/login.ffffffff.js`, noise(2_000));
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
  const { failures, figures, landingFiles } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([]);
  const landing = figures.find((f) => f.figure.startsWith('landing / JavaScript, brotli'));
  // shell 60 KB + the public remote's entry 5 KB, Landing chunk 3 KB and the Login chunk it
  // fetches next 2 KB, incompressible; the HTTP client (40 KB), loaded with the first API call,
  // is not the landing's
  expect(landing?.bytes).toBeGreaterThan(70_000);
  expect(landing?.bytes).toBeLessThan(71_000);
  expect(landingFiles).toEqual([
    'shell/dist/main.js',
    'shell/dist/1.aaaaaaaa.js',
    'shell/dist/2.bbbbbbbb.js',
    'mfe-public/dist/remoteEntry.js',
    'mfe-public/dist/expose.cccccccc.js',
    'mfe-public/dist/login.ffffffff.js',
  ]);
});

it("fails when the shell's start is more than four files, naming them", () => {
  write(
    'shell/dist/landing-assets.json',
    JSON.stringify({
      entry: ['main.js'],
      startup: ['1.aaaaaaaa.js', '2.bbbbbbbb.js', '3.cccccccc.js', '4.dddddddd.js'],
      httpClient: [],
    }),
  );
  write('shell/dist/3.cccccccc.js', noise(1_000));
  write('shell/dist/4.dddddddd.js', noise(1_000));
  const { failures, figures } = checker.checkSizeBudgets({ root });
  expect(figures).toContainEqual(expect.objectContaining({ text: '5' }));
  expect(failures).toEqual([
    "the shell's start is 5 files (shell/dist/main.js, shell/dist/1.aaaaaaaa.js, shell/dist/2.bbbbbbbb.js, shell/dist/3.cccccccc.js, shell/dist/4.dddddddd.js), over its budget of 4: each waits for one of the six connections",
  ]);
});

it('fails on a landing page over budget, naming its size, the budget and the largest files', () => {
  write('shell/dist/2.bbbbbbbb.js', noise(98_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatch(
    /^the landing page loads 15\d\.\d KB of JavaScript \(brotli\), over its 150\.0 KB budget; largest: shell\/dist\/2\.bbbbbbbb\.js 98\.\d KB/,
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

it('weighs the landing in brotli, as the servers send it, and prints gzip beside it', () => {
  // 200 KB of one repeated line: gzip keeps a little more of it than brotli does
  write('shell/dist/2.bbbbbbbb.js', 'console.log("a line the shell repeats");\n'.repeat(5_000));
  const { figures } = checker.checkSizeBudgets({ root });
  const brotli = figures.find((f) => f.figure.startsWith('landing / JavaScript, brotli'))!;
  const gzip = figures.find((f) => f.figure.startsWith('landing / JavaScript, gzip'))!;
  expect(brotli.bytes).toBeLessThan(gzip.bytes!);
});

it('fails on a dashboard early load over 6 KB, naming it: the server inlines it into the page', () => {
  write('shell/dist/early-load/dashboard.js', noise(9_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([
    expect.stringMatching(
      /^shell\/dist\/early-load\/dashboard\.js is 9\.0 KB, over its 6\.0 KB budget: the server inlines it/,
    ),
  ]);
});

it('counts the HTTP client among the bundles the browser loads', () => {
  write('shell/dist/http-client.eeeeeeee.js', REACT_DOM_BANNER, noise(1_000));
  const { failures } = checker.checkSizeBudgets({ root });
  expect(failures).toEqual([
    expect.stringMatching(/^react-dom-client\.production\.js is in 2 bundles .*http-client/),
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
