import { setTimeout as sleep } from 'node:timers/promises';
import type { IIdentifyThrottler } from '@discordjs/ws';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { takeSessionStart } from './gateway-state';

/** Discord's identify window: each bucket may identify once per 5 s (docs: Gateway › Sharding, max_concurrency). */
export const IDENTIFY_WINDOW_MS = 5000;
/** the longest nap between two looks at a busy bucket */
const MAX_NAP_MS = 1000;

/**
 * Identify throttling across every gateway process: shard `id` identifies in bucket
 * `id % maxConcurrency`, and a bucket's next slot is a row in PostgreSQL, taken with one
 * conditional upsert, so two processes never identify in the same bucket within the window
 * (the library's own throttler only knows its process).
 */
export class DatabaseIdentifyThrottler implements IIdentifyThrottler {
  constructor(
    private readonly db: Db,
    private readonly maxConcurrency: number,
    private readonly windowMs = IDENTIFY_WINDOW_MS,
    private readonly sessionStarts?: SessionStartBudget,
  ) {
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1)
      throw new Error(`max_concurrency must be a whole number of 1 or more, got ${maxConcurrency}`);
  }

  async waitForIdentify(shardId: number, signal: AbortSignal): Promise<void> {
    // a session start first: past Discord's daily limit the bot token is reset (docs/production.md)
    if (this.sessionStarts) await this.sessionStarts.take(signal);
    const key = shardId % this.maxConcurrency;
    for (;;) {
      signal.throwIfAborted();
      const waitMs = await this.takeSlot(key);
      if (waitMs === null) return;
      await sleep(Math.min(Math.max(waitMs, 20), MAX_NAP_MS), undefined, { signal });
    }
  }

  /** null when the slot was ours; otherwise how long until the bucket's next slot. */
  private async takeSlot(key: number): Promise<number | null> {
    const next = sql`now() + make_interval(secs => ${this.windowMs / 1000})`;
    const taken = (await this.db.execute(sql`
      INSERT INTO gateway_identify_slots (rate_key, next_at) VALUES (${key}, ${next})
      ON CONFLICT (rate_key) DO UPDATE SET next_at = ${next}
        WHERE gateway_identify_slots.next_at <= now()
      RETURNING rate_key`)) as unknown as { rows: unknown[] };
    if (taken.rows.length === 1) return null;
    const [row] = (
      (await this.db.execute(sql`
        SELECT greatest(0, extract(epoch FROM next_at - now()) * 1000)::float8 AS wait_ms
        FROM gateway_identify_slots WHERE rate_key = ${key}`)) as unknown as {
        rows: { wait_ms: number }[];
      }
    ).rows;
    return Number(row?.wait_ms ?? 0);
  }
}

/** the longest nap while the session starts are used up: a reset elsewhere is seen this soon */
const MAX_LIMIT_NAP_MS = 60_000;

/**
 * The session start limit (GET /gateway/bot `session_start_limit`) shared by every gateway
 * process through the database: each IDENTIFY takes one, and with none left the identify waits
 * for the window to reset instead of spending the bot token. `refresh` asks Discord again
 * (and records its count) when no window is stored or the stored one has passed.
 */
export class SessionStartBudget {
  constructor(
    private readonly db: Db,
    private readonly refresh: () => Promise<void>,
    /** told when an identify must wait for the limit to reset, and how long */
    private readonly onExhausted: (waitMs: number) => void = () => undefined,
  ) {}

  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      let result = await takeSessionStart(this.db);
      if (!result.taken && result.stale) {
        // a failed look at Discord leaves it stale: never identify blind
        await this.refresh().catch(() => undefined);
        result = await takeSessionStart(this.db);
      }
      if (result.taken) return;
      if (!result.stale) this.onExhausted(result.waitMs);
      const napMs = result.stale
        ? MAX_NAP_MS
        : Math.min(Math.max(result.waitMs, 20), MAX_LIMIT_NAP_MS);
      await sleep(napMs, undefined, { signal });
    }
  }
}
