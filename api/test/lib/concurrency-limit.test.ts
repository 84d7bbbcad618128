import { ConcurrencyLimit } from '../../src/lib/concurrency';

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
