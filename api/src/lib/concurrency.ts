/**
 * At most `max` tasks run at once; the rest wait their turn, first come first served. Used to
 * bound the calls a process makes to a provider that limits by address (security review N4).
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

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
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // the slot passes straight to the next waiter, so `running` never drops below it in between
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
