/**
 * A stand-in for the browser's Web Locks (jsdom has none): runs one task at a time and records the
 * lock names asked for. `whileWaiting` runs before each task gets the lock, as another tab would
 * act meanwhile. Call `restore` after the test.
 */
export function installFakeWebLocks(whileWaiting: () => void = () => undefined): {
  names: string[];
  restore: () => void;
} {
  const names: string[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const locks = {
    request: (name: string, _options: unknown, task: () => Promise<unknown>) => {
      names.push(name);
      const run = queue.then(() => {
        whileWaiting();
        return task();
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return {
    names,
    restore: () => {
      delete (navigator as { locks?: unknown }).locks;
    },
  };
}
