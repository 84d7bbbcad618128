import { AsyncLocalStorage } from 'node:async_hooks';

/** Whose turn a task waits for: set around a tenant's work (withFairShare), read by run(). */
const fairShareKey = new AsyncLocalStorage<string>();

/**
 * Runs `work` as `key`'s (a server's id): every ConcurrencyLimit task started inside it, however
 * deep, waits in that key's line.
 */
export function withFairShare<T>(key: string, work: () => T): T {
  return fairShareKey.run(key, work);
}

/**
 * At most `max` tasks run at once; the rest wait their turn. Used to bound the calls a process
 * makes to a provider that limits by address. A freed slot goes to the key
 * (withFairShare) with the fewest tasks running, first come first served within one key: a
 * server with hundreds of calls queued delays another server's next call by one slot freeing,
 * not by all of its own (docs/security.md › T4). Tasks started outside withFairShare share one key.
 */
export class ConcurrencyLimit {
  private running = 0;
  /** waiting tasks by key, in the order the keys first waited */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** tasks running by key */
  private readonly runningByKey = new Map<string, number>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`A concurrency limit must be a whole number of at least 1, got ${max}`);
  }

  /** tasks running now */
  get active(): number {
    return this.running;
  }

  /** tasks waiting for a turn */
  get queued(): number {
    let n = 0;
    for (const line of this.waiting.values()) n += line.length;
    return n;
  }

  async run<T>(task: () => Promise<T>, key = fairShareKey.getStore() ?? ''): Promise<T> {
    if (this.running >= this.max)
      // the slot is handed over, counted for this key, by the task that frees it
      await new Promise<void>((resolve) => {
        const line = this.waiting.get(key);
        if (line) line.push(resolve);
        else this.waiting.set(key, [resolve]);
      });
    else {
      this.running++;
      this.count(key, 1);
    }
    try {
      return await task();
    } finally {
      this.count(key, -1);
      // the slot passes straight to the next waiter, so `running` never drops below it in between
      const next = this.nextWaiter();
      if (next) next();
      else this.running--;
    }
  }

  private count(key: string, change: number) {
    const n = (this.runningByKey.get(key) ?? 0) + change;
    if (n > 0) this.runningByKey.set(key, n);
    else this.runningByKey.delete(key);
  }

  /** The first waiter of the waiting key with the fewest tasks running, its slot counted. */
  private nextWaiter(): (() => void) | undefined {
    let chosen: string | undefined;
    let fewest = Infinity;
    for (const key of this.waiting.keys()) {
      const n = this.runningByKey.get(key) ?? 0;
      if (n < fewest) [chosen, fewest] = [key, n];
      if (n === 0) break;
    }
    if (chosen === undefined) return undefined;
    const line = this.waiting.get(chosen)!;
    const next = line.shift();
    // the key goes to the back, so keys that tie take turns
    this.waiting.delete(chosen);
    if (line.length) this.waiting.set(chosen, line);
    this.count(chosen, 1);
    return next;
  }
}
