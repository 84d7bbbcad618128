import type { ChangeFeed } from '../db/change-feed';

export interface ChangeAwareCacheOptions<V> {
  /** entries kept at most; the oldest goes first */
  maxEntries: number;
  /** an entry is never used after this long, even if no change was announced (lost notifications) */
  maxAgeMs: number;
  /** the other keys an entry depends on (e.g. the guilds in a server list), for `forgetTagged` */
  tagsOf?: (value: V) => Iterable<string>;
}

interface Entry<V> {
  value: V;
  storedAt: number;
  tags: string[];
}

interface Load<V> {
  /** the cache's generation when the load started: only callers of the same one may share it */
  generation: number;
  promise: Promise<V>;
}

/**
 * Share of `maxAgeMs` after which a hit is still answered but read again in the background, so a
 * busy key is renewed before its bound instead of every request missing at once at it.
 */
const REFRESH_AHEAD_SHARE = 0.8;

/**
 * Answers kept in memory only while the change feed is live. An answer loaded while a change was
 * announced is not kept (it may have been read before the change and arrive after it). Requests
 * that miss the same key together share one load, unless a change was announced since it began.
 */
export class ChangeAwareCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loads = new Map<string, Load<V>>();
  /** bumped by every forget: a load that saw another value of it keeps nothing */
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ChangeAwareCacheOptions<V>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The kept answer for `key`, or `load()`'s (kept when nothing changed meanwhile). */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true) {
    const hit = this.entries.get(key);
    const age = hit ? Date.now() - hit.storedAt : Infinity;
    if (hit && this.feed.live && age < this.options.maxAgeMs) {
      if (age >= this.options.maxAgeMs * REFRESH_AHEAD_SHARE)
        this.load(key, load, keep).catch(() => undefined); // the next miss reports it
      return hit.value;
    }
    if (hit) this.remove(key);
    return this.load(key, load, keep);
  }

  /** One load per key and generation; its answer is kept, or the kept one dropped, if still current. */
  private load(key: string, load: () => Promise<V>, keep: (value: V) => boolean): Promise<V> {
    const running = this.loads.get(key);
    if (running && running.generation === this.generation) return running.promise;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
        if (this.feed.live && generation === this.generation) {
          if (keep(value)) this.store(key, value);
          else this.remove(key);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
        throw error;
      },
    );
    this.loads.set(key, { generation, promise });
    return promise;
  }

  forget(key: string): void {
    this.generation++;
    this.remove(key);
  }

  /** Forgets every entry whose tags include `tag`. */
  forgetTagged(tag: string): void {
    this.generation++;
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.remove(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byTag.clear();
  }

  private store(key: string, value: V): void {
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.remove(oldest.value);
    }
    const tags = this.options.tagsOf ? [...this.options.tagsOf(value)] : [];
    this.entries.set(key, { value, storedAt: Date.now(), tags });
    for (const tag of tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
