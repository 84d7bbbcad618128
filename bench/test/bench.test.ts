import { spawnSync } from 'node:child_process';
import path from 'node:path';

// bench/bench.mjs, `npm run bench` (plain Node ESM, no types): its options.
interface BenchModule {
  lighthouseRuns(argv: string[]): number;
  rowsFile(argv: string[], now?: Date): string;
  USAGE: string;
}
const BENCH = '../bench.mjs';

let bench: BenchModule;
beforeAll(async () => {
  bench = (await import(BENCH)) as BenchModule;
});

describe('npm run bench -- --runs N (Lighthouse runs per page, the figure their median)', () => {
  it('takes 3 runs unless told, and the number given beside the other options', () => {
    expect(bench.lighthouseRuns([])).toBe(3);
    expect(bench.lighthouseRuns(['--no-build'])).toBe(3);
    expect(bench.lighthouseRuns(['--json', '--runs', '7', '--no-build'])).toBe(7);
    expect(bench.lighthouseRuns(['--runs', '1'])).toBe(1);
    expect(bench.lighthouseRuns(['--runs', '15'])).toBe(15);
  });

  it.each([
    [['--runs'], 'got nothing'],
    [['--runs', '--no-build'], 'got "--no-build"'],
    [['--runs', '0'], 'got "0"'],
    [['--runs', '16'], 'got "16"'],
    [['--runs', '2.5'], 'got "2.5"'],
    [['--runs', 'five'], 'got "five"'],
  ])('refuses %j with a message naming the option and the value', (argv, got) => {
    expect(() => bench.lighthouseRuns(argv)).toThrow(
      `--runs takes the number of Lighthouse runs per page, a whole number from 1 to 15 (${got}).`,
    );
  });
});

describe('where npm run bench keeps its rows', () => {
  const at = new Date('2026-11-27T08:20:05.123Z');
  const results = path.resolve(__dirname, '../results');

  it('writes them to bench/results/, named by the run’s UTC time, unless --json names a file', () => {
    const file = path.join(results, '2026-11-27T08-20-05Z.json');
    expect(bench.rowsFile([], at)).toBe(file);
    expect(bench.rowsFile(['--no-build'], at)).toBe(file);
    // --json alone (or before another option) prints the rows and keeps them there too
    expect(bench.rowsFile(['--json'], at)).toBe(file);
    expect(bench.rowsFile(['--json', '--no-build'], at)).toBe(file);
  });

  it('writes them to the file --json names, relative to the folder npm was run from', () => {
    const before = process.env.INIT_CWD;
    process.env.INIT_CWD = '/somewhere/else';
    try {
      expect(bench.rowsFile(['--json', 'run.json'], at)).toBe('/somewhere/else/run.json');
      expect(bench.rowsFile(['--json', '/tmp/run.json'], at)).toBe('/tmp/run.json');
    } finally {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  });
});

describe('npm run bench -- --help', () => {
  it('prints the options and stops before measuring anything', () => {
    // --runs 0 is refused before anything is built: were --help not seen first, this would fail
    // at once with that refusal instead of starting the bench
    const result = spawnSync(
      process.execPath,
      [path.resolve(__dirname, BENCH), '--help', '--runs', '0'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(result.stdout).toBe(`${bench.USAGE}\n`);
    for (const option of ['--no-build', '--runs N', '--soak-seconds N', '--json file', '--help'])
      expect(bench.USAGE).toContain(option);
  });
});
