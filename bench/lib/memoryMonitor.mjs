// The kernel's DAMON memory monitor, when this machine runs one: the PGlite API's stalls lined up
// with its samples on one day and not on the next (docs/performance.md › What is left), so the
// benchmark's table says it is there.
import fs from 'node:fs';
import path from 'node:path';

const KDAMONDS = '/sys/kernel/mm/damon/admin/kdamonds';

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The sampling intervals (ms) of every running DAMON context under `root`; [] when none. */
export function damonSampleIntervals(root = KDAMONDS) {
  const intervals = [];
  const kdamonds = Number(read(path.join(root, 'nr_kdamonds')) ?? 0);
  for (let k = 0; k < kdamonds; k += 1) {
    const kdamond = path.join(root, String(k));
    if (read(path.join(kdamond, 'state')) !== 'on') continue;
    const contexts = Number(read(path.join(kdamond, 'contexts', 'nr_contexts')) ?? 0);
    for (let c = 0; c < contexts; c += 1) {
      const sampleUs = Number(
        read(
          path.join(kdamond, 'contexts', String(c), 'monitoring_attrs', 'intervals', 'sample_us'),
        ),
      );
      if (sampleUs > 0) intervals.push(sampleUs / 1000);
    }
  }
  return intervals;
}

/** The table's row: which memory monitor runs, or that none does. */
export function memoryMonitorRow(root = KDAMONDS) {
  const intervals = damonSampleIntervals(root);
  return {
    section: 'API',
    figure: 'machine: kernel memory monitor (DAMON)',
    value: intervals.length
      ? `running, a sample every ${intervals.map((ms) => `${ms} ms`).join(', ')}`
      : 'none running',
    baseline: intervals.length
      ? 'PGlite stalls lined up with its samples once (docs/performance.md › What is left)'
      : '',
  };
}
