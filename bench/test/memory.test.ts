import { spawn, type ChildProcess } from 'node:child_process';

// bench/lib/memory.mjs: the memory rows of npm run bench (plain Node ESM, no types). Its run
// starts npm start on the fixed ports and takes minutes; these check its parts.
interface Sample {
  seconds: number;
  mb: number;
}
interface MemoryModule {
  soakSeconds(argv: string[]): number;
  processName(argv: string[]): string;
  soakVerdict(
    samples: Sample[],
    settleSeconds: number,
  ): { settled: number; end: number; change: number; met: boolean };
  settleSecondsOf(seconds: number): number;
  sampleTree(rootPid: number): { pid: number; name: string; mb: number }[];
  totalMb(sample: { mb: number }[]): number;
  sampler(read: () => { mb: number }, everyMs: number): { samples: Sample[]; stop(): Sample[] };
  SOAK_SECONDS: number;
}
const MEMORY = '../lib/memory.mjs';

let memory: MemoryModule;
beforeAll(async () => {
  memory = (await import(MEMORY)) as MemoryModule;
});

describe('npm run bench -- --soak-seconds N', () => {
  it('soaks 5 minutes unless told, and the length given beside the other options', () => {
    expect(memory.SOAK_SECONDS).toBe(300);
    expect(memory.soakSeconds([])).toBe(300);
    expect(memory.soakSeconds(['--no-build', '--soak-seconds', '20', '--runs', '1'])).toBe(20);
  });

  it.each([
    [['--soak-seconds'], 'got nothing'],
    [['--soak-seconds', '4'], 'got "4"'],
    [['--soak-seconds', '3601'], 'got "3601"'],
    [['--soak-seconds', '1.5'], 'got "1.5"'],
    [['--soak-seconds', '--no-build'], 'got "--no-build"'],
  ])('refuses %j with a message naming the option and the value', (argv, got) => {
    expect(() => memory.soakSeconds(argv)).toThrow(
      `--soak-seconds takes the soak's length in seconds, a whole number from 5 to 3600 (${got}).`,
    );
  });
});

describe('the soak’s verdict: the end within 10 % of where it stood after the first minute', () => {
  const samples = (values: [number, number][]) => values.map(([seconds, mb]) => ({ seconds, mb }));

  it('compares the first sample at or after the settling time with the last', () => {
    const verdict = memory.soakVerdict(
      samples([
        [0, 700], // the start's peak does not count
        [55, 520],
        [60, 500],
        [300, 545],
      ]),
      60,
    );
    expect(verdict).toEqual({ settled: 500, end: 545, change: 0.09, met: true });
  });

  it('is not met by growth past 10 %, nor by a fall past it', () => {
    // 500 MB after the first minute, `end` after five
    const metFrom500To = (end: number) =>
      memory.soakVerdict(
        samples([
          [60, 500],
          [300, end],
        ]),
        60,
      ).met;
    expect(metFrom500To(551)).toBe(false);
    expect(metFrom500To(449)).toBe(false);
    expect(metFrom500To(451)).toBe(true);
  });

  it('refuses samples that end before the settling time', () => {
    expect(() =>
      memory.soakVerdict(
        samples([
          [0, 500],
          [30, 510],
        ]),
        60,
      ),
    ).toThrow('The soak has no samples after its settling time (60 s) to compare.');
  });

  it('settles after the first minute, or the first fifth of a shortened soak', () => {
    expect(memory.settleSecondsOf(300)).toBe(60);
    expect(memory.settleSecondsOf(10)).toBe(2);
  });
});

describe('what each process of the npm start tree is', () => {
  it.each([
    [['npm', 'start'], 'npm'],
    [['node', '/usr/lib/node_modules/npm/bin/npm-cli.js', 'start'], 'npm'],
    [['node', 'scripts/start.mjs', '--no-build'], 'launcher (scripts/start.mjs)'],
    [['/usr/bin/node', '--liftoff-only', '/r/api/dist/main.js'], 'API'],
    [['/usr/bin/node', '/r/api/dist/gateway.js'], 'gateway worker'],
    [['/usr/bin/node', '/r/emulator/dist/main.js'], 'emulator'],
    [['/usr/bin/node', '/r/shell/server/serve-remotes.mjs', '3001:/r/x'], "remotes' static server"],
    [['/usr/bin/node', '/r/shell/dist-server/server.mjs'], "shell's server"],
    [['node', '/r/node_modules/tsx/dist/cli.mjs', 'src/main.ts'], 'tsx'],
    [['sh', '-c', 'node scripts/start.mjs'], 'sh -c (a shell that only waits)'],
    [['/usr/bin/python3', 'x.py'], '/usr/bin/python3 x.py'],
  ])('%j is %s', (argv, name) => {
    expect(memory.processName(argv)).toBe(name);
  });
});

describe('reading a process tree’s memory from /proc', () => {
  let parent: ChildProcess;
  let childPid: number | undefined;
  afterEach(() => {
    if (childPid) process.kill(childPid, 'SIGKILL');
    parent?.kill('SIGKILL');
  });

  it('lists the process and its child, each with its resident memory', async () => {
    // a node process that starts a child of its own and says so once the child runs its script:
    // at 'spawn' the child has only just been exec'd, a few MB resident before Node is loaded
    parent = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'process.stdout.write("up"); setInterval(() => {}, 1000)'], { stdio: ['ignore', 'pipe', 'ignore'] });
         c.stdout.once('data', () => process.stdout.write(c.pid + '\\n')); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // the whole line, once the child has started; written plainly, as console.log colours a
    // number when FORCE_COLOR is set (lerna's runs)
    childPid = await new Promise<number>((resolve) => {
      let text = '';
      parent.stdout!.on('data', (chunk: Buffer) => {
        text += String(chunk);
        if (text.includes('\n')) resolve(Number(text.trim()));
      });
    });
    const tree = memory.sampleTree(parent.pid!);
    expect(tree.map((p) => p.pid)).toEqual([parent.pid, childPid]);
    for (const p of tree) expect(p.mb).toBeGreaterThan(5);
    expect(memory.totalMb(tree)).toBeCloseTo(tree[0]!.mb + tree[1]!.mb);
  });

  it('samples at its interval until stopped, and once more at the stop', async () => {
    let reads = 0;
    const running = memory.sampler(() => ({ mb: (reads += 1) }), 5);
    const deadline = Date.now() + 5_000;
    while (running.samples.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const samples = running.stop();
    const count = samples.length;
    expect(count).toBeGreaterThanOrEqual(4);
    expect(samples.map((s) => s.mb)).toEqual(samples.map((_, i) => i + 1));
    expect(samples.every((s, i) => i === 0 || s.seconds >= samples[i - 1]!.seconds)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.samples).toHaveLength(count); // stopped
  });
});
