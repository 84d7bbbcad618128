// bench/lib/processStats.mjs: the API bench's CPU-per-request and memory rows read /proc.
interface ProcessStatsModule {
  cpuMs(pid: number): number | null;
  residentMemoryMb(pid: number): number | null;
}
const PROCESS_STATS = '../lib/processStats.mjs';

let stats: ProcessStatsModule;
beforeAll(async () => {
  stats = (await import(PROCESS_STATS)) as ProcessStatsModule;
});

// a pid above Linux's pid_max (4,194,304 at most) belongs to no process
const NO_SUCH_PROCESS = 99_999_999;

describe('processStats (what a benchmarked process has used)', () => {
  it('reads the resident memory a process holds, and sees it grow', () => {
    const before = stats.residentMemoryMb(process.pid);
    expect(before).toBeGreaterThan(10);
    const held = Buffer.alloc(64 * 1024 * 1024, 1); // filled, so every page is resident
    const after = stats.residentMemoryMb(process.pid);
    held.fill(0); // still held while `after` was read
    expect(after! - before!).toBeGreaterThan(50);
  });

  it('reads the CPU time a process has used, and sees it grow with work', () => {
    const before = stats.cpuMs(process.pid)!;
    expect(before).toBeGreaterThan(0);
    // reading the counter is itself work: read until it shows 50 ms more; a counter that never
    // moves fails at the limit
    const giveUpAt = Date.now() + 20_000;
    let now = before;
    while (now - before < 50 && Date.now() < giveUpAt) now = stats.cpuMs(process.pid)!;
    expect(now - before).toBeGreaterThanOrEqual(50);
  }, 30_000);

  it('gives null, not a number, for a process that is not there', () => {
    expect(stats.residentMemoryMb(NO_SUCH_PROCESS)).toBeNull();
    expect(stats.cpuMs(NO_SUCH_PROCESS)).toBeNull();
  });
});
