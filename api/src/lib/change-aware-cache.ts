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

/**
 * Answers kept in memory only while the change feed is live. An answer loaded while a change was
 * announced is not kept (it may have been read before the change and arrive after it).
 */
export class ChangeAwareCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
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
    if (hit && this.feed.live && Date.now() - hit.storedAt < this.options.maxAgeMs)
      return hit.value;
    if (hit) this.remove(key);
    const generation = this.generation;
    const value = await load();
    if (this.feed.live && generation === this.generation && keep(value)) this.store(key, value);
    return value;
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
