// bench/lib/withinTime.mjs: a benchmark step that hangs ends the step, not the run.
interface WithinTimeModule {
  withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T>;
}
const WITHIN_TIME = '../lib/withinTime.mjs';

let withinTime: WithinTimeModule['withinTime'];
beforeAll(async () => {
  ({ withinTime } = (await import(WITHIN_TIME)) as WithinTimeModule);
});

describe('withinTime (a benchmark step that may hang)', () => {
  it('gives the step’s value, or its own error, when it ends in time', async () => {
    await expect(withinTime(Promise.resolve(42), 1000, 'a step')).resolves.toBe(42);
    await expect(withinTime(Promise.reject(new Error('refused')), 1000, 'a step')).rejects.toThrow(
      'refused',
    );
  });

  it('gives up on a step that never ends, naming it and the limit', async () => {
    const never = new Promise<number>(() => undefined);
    await expect(withinTime(never, 50, 'the warm reload of /dashboard')).rejects.toThrow(
      'the warm reload of /dashboard did not finish within 0.05 s',
    );
  });
});
