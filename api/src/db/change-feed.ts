import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from './client';

/**
 * What changed, as migration 0006's triggers announce it: a session row (key: its id), a user's
 * memberships (key: user id), a guild row (key: guild id), or a whole table (`all`, TRUNCATE);
 * and, from announceJobQueued, a job queued (key: "<queue>|<sender>", the sender being the
 * announcing worker, which has woken itself already).
 */
export type ChangeKind = 'session' | 'user' | 'guild' | 'all' | 'jobs';
export type ChangeListener = (kind: ChangeKind, key: string) => void;

export const CHANGES_CHANNEL = 'roconnect_changes';
const KINDS = new Set<string>(['session', 'user', 'guild', 'all', 'jobs']);

/**
 * Tells in-memory caches what changed in the database, and job workers that work was queued.
 * `live` is true only while notifications are being received: a cache may keep answers only then
 * (when it turns false they may have been missed, so caches empty themselves and read through
 * until it is true again).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private isLive = false;

  get live(): boolean {
    return this.isLive;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(kind: ChangeKind, key: string): void {
    for (const listener of this.listeners) listener(kind, key);
  }

  setLive(live: boolean): void {
    this.isLive = live;
    // whatever was kept may have missed a change while nobody listened
    this.publish('all', '');
  }
}

// The feeds reading each database in this process, for announceChange.
const feedsByDb = new WeakMap<Db, Set<ChangeFeed>>();

/**
 * A write in this process tells this process's caches at once, without waiting for the database's
 * notification (which reaches every replica a moment later): a user's next request, on the
 * replica that just ended their session or synced their servers, sees the change.
 */
export function announceChange(db: Db, kind: ChangeKind, key: string): void {
  for (const feed of feedsByDb.get(db) ?? []) feed.publish(kind, key);
}

/**
 * Tells every replica's job workers that `queue` has a job (after it was committed), so none waits
 * for its next look. `sender`, the worker that queued it and woke itself, ignores the notice.
 * PGlite has one process, whose worker the caller wakes itself.
 */
export async function announceJobQueued(
  database: Database,
  queue: string,
  sender: string,
): Promise<void> {
  if (database.kind !== 'postgres') return;
  await database.raw(`SELECT pg_notify($1, current_schema() || '|jobs|' || $2 || '|' || $3)`, [
    CHANGES_CHANNEL,
    queue,
    sender,
  ]);
}

/** Payload "<schema>|<kind>|<key>" → the change, when it is about `schema`'s tables. */
export function parseChange(payload: string, schema: string): [ChangeKind, string] | null {
  const [from, kind, ...rest] = payload.split('|');
  if (from !== schema || kind === undefined || !KINDS.has(kind)) return null;
  return [kind as ChangeKind, rest.join('|')];
}

/**
 * Starts listening for the triggers' notifications about this deployment's schema. When the
 * listening connection cannot be opened, the feed stays not live (caches read through) and
 * keeps trying; the API works, only slower.
 */
export async function startChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
): Promise<{ feed: ChangeFeed; stop: () => Promise<void> }> {
  const feed = new ChangeFeed();
  const [row] = (await database.raw('SELECT current_schema() AS schema')).rows as {
    schema: string;
  }[];
  const schema = row?.schema ?? 'public';
  const attached = feedsByDb.get(database.db) ?? new Set<ChangeFeed>();
  feedsByDb.set(database.db, attached);
  attached.add(feed);
  let wasLive = false;
  let started = false;
  let stopping = false;
  const stopListening = await database.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const change = parseChange(payload, schema);
      if (change) feed.publish(...change);
    },
    (live) => {
      if (wasLive && !live && !stopping)
        log.warn('change notifications lost: in-memory caches are off');
      if (!wasLive && live && started) log.info('change notifications back: caches on');
      wasLive = live;
      feed.setLive(live);
    },
  );
  started = true;
  if (!feed.live)
    log.warn('cannot listen for change notifications yet: in-memory caches are off, retrying');
  return {
    feed,
    stop: async () => {
      stopping = true;
      attached.delete(feed);
      await stopListening();
      feed.setLive(false);
    },
  };
}
