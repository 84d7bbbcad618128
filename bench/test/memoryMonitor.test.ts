import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// bench/lib/memoryMonitor.mjs: the API bench names a running DAMON monitor (plain Node ESM).
interface Row {
  figure: string;
  value: string;
  baseline: string;
}
interface MemoryMonitorModule {
  damonSampleIntervals(root: string): number[];
  memoryMonitorRow(root: string): Row;
}
const MEMORY_MONITOR = '../lib/memoryMonitor.mjs';

let monitor: MemoryMonitorModule;
let root: string;
beforeAll(async () => {
  monitor = (await import(MEMORY_MONITOR)) as MemoryMonitorModule;
});
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'kdamonds-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A sysfs tree as the kernel lays out /sys/kernel/mm/damon/admin/kdamonds. */
function kdamonds(daemons: { state: string; sampleUs: number[] }[]) {
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${text}\n`);
  };
  write(path.join(root, 'nr_kdamonds'), String(daemons.length));
  daemons.forEach(({ state, sampleUs }, k) => {
    const contexts = path.join(root, String(k), 'contexts');
    write(path.join(root, String(k), 'state'), state);
    write(path.join(contexts, 'nr_contexts'), String(sampleUs.length));
    sampleUs.forEach((us, c) =>
      write(
        path.join(contexts, String(c), 'monitoring_attrs', 'intervals', 'sample_us'),
        String(us),
      ),
    );
  });
}

describe('the bench names the machine’s DAMON memory monitor', () => {
  it('reports each running context’s sampling interval', () => {
    kdamonds([
      { state: 'on', sampleUs: [500000] },
      { state: 'off', sampleUs: [5000] },
      { state: 'on', sampleUs: [100000] },
    ]);
    expect(monitor.damonSampleIntervals(root)).toEqual([500, 100]);
    expect(monitor.memoryMonitorRow(root).value).toBe('running, a sample every 500 ms, 100 ms');
  });

  it('says none runs when every monitor is off, or the kernel has none', () => {
    kdamonds([{ state: 'off', sampleUs: [500000] }]);
    expect(monitor.memoryMonitorRow(root)).toMatchObject({ value: 'none running', baseline: '' });
    expect(monitor.memoryMonitorRow(path.join(root, 'missing')).value).toBe('none running');
  });
});
