// bench/bench.mjs, `npm run bench` (plain Node ESM, no types): its `--runs N` option.
interface BenchModule {
  lighthouseRuns(argv: string[]): number;
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
