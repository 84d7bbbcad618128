import { ConcurrencyLimit, withFairShare } from '../../src/lib/concurrency';
import { until } from '../support/until';

/** A task the test finishes by hand, so how many run at once is decided by the limit alone. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

it('never runs more than its limit at once, and starts waiting tasks in arrival order', async () => {
  const limit = new ConcurrencyLimit(3);
  const gates = Array.from({ length: 10 }, gate);
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const done = gates.map((g, i) =>
    limit.run(async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await g.opened;
      running--;
      return i;
    }),
  );
  expect(started).toEqual([0, 1, 2]);
  expect(limit.queued).toBe(7);
  for (const g of gates) g.open();
  expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(most).toBe(3);
  expect(limit.active).toBe(0);
});

it('frees the slot of a task that failed', async () => {
  const limit = new ConcurrencyLimit(1);
  await expect(limit.run(() => Promise.reject(new Error('Roblox said no')))).rejects.toThrow(
    'Roblox said no',
  );
  expect(await limit.run(async () => 'next')).toBe('next');
  expect(limit.active).toBe(0);
});

it('refuses a limit below 1', () => {
  expect(() => new ConcurrencyLimit(0)).toThrow(
    'A concurrency limit must be a whole number of at least 1, got 0',
  );
});

it('gives a freed slot to the waiting key with the fewest running: a key with many queued delays another by one slot', async () => {
  const limit = new ConcurrencyLimit(2);
  const gates = new Map<string, ReturnType<typeof gate>>();
  const started: string[] = [];
  const task = (name: string, key: string) => {
    const g = gate();
    gates.set(name, g);
    return withFairShare(key, () =>
      limit.run(async () => {
        started.push(name);
        await g.opened;
      }),
    );
  };
  const busy = Array.from({ length: 6 }, (_, i) => task(`busy${i}`, 'busy-server'));
  const other = [task('other0', 'other-server'), task('other1', 'other-server')];
  // outside withFairShare: the key given, else one shared key
  const plain = limit.run(async () => void started.push('plain'), 'busy-server');
  expect(started).toEqual(['busy0', 'busy1']);
  gates.get('busy0')!.open();
  await until(
    'a slot to pass on',
    () => started.length,
    (n) => n === 3,
  );
  // the other server's first task takes the freed slot, ahead of the four still waiting
  expect(started[2]).toBe('other0');
  for (const g of gates.values()) g.open();
  await Promise.all([...busy, ...other, plain]);
  expect(started).toEqual([
    'busy0',
    'busy1',
    'other0',
    'busy2',
    'other1',
    'busy3',
    'busy4',
    'busy5',
    'plain',
  ]);
  expect(limit.active).toBe(0);
  expect(limit.queued).toBe(0);
});
