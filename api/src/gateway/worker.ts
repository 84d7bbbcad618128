import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { REST } from '@discordjs/rest';
import { Routes, type APIGatewayBotInfo } from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../config';
import { announceChange, announceJobQueued } from '../db/change-feed';
import type { Database } from '../db/client';
import {
  enqueueMemberEvent,
  ensureMemberEventQueue,
  MEMBER_EVENT_QUEUE,
} from '../features/member-events/events';
import { unversionedBase } from '../integrations/discord/urls';
import { retryStartupRace, type JobEngine } from '../lib/job-engine';
import { memberEventOf } from './dispatch';
import {
  clearRefusal,
  clearRefusalsOf,
  recordRefusal,
  recordSessionStartLimit,
  sessionStartsUsedUp,
} from './gateway-state';
import { DatabaseIdentifyThrottler, SessionStartBudget } from './identify-throttle';
import { countShards, gatewayFatalCloses, gatewayMemberEvents } from './metrics';
import {
  claimFreeShards,
  releaseShards,
  renewShards,
  saveSession,
  type StoredSession,
} from './lease-store';
import { trustedResumeUrl } from './resume-url';
import { HeldShard } from './shard';

/** how often the shard count Discord recommends is read again when GATEWAY_SHARD_COUNT=auto */
const LAYOUT_REFRESH_MS = 10 * 60_000;

export interface GatewayWorkerOptions {
  settings: Pick<Settings, 'gateway' | 'integrations'>;
  database: Database;
  /** where events become jobs: the API's engine when run inside it, else the worker's own */
  engine: JobEngine;
  log: FastifyBaseLogger;
  /** this process's name in the lease table; unique by default */
  holder?: string;
  /** how often GET /gateway/bot is read again for its shard count when GATEWAY_SHARD_COUNT=auto */
  layoutRefreshMs?: number;
}

export interface GatewayWorker {
  readonly holder: string;
  /** the shards this process holds now, those Discord refused included */
  heldShards(): number[];
  /** of those, the ones connected, identified or resumed: their events flow */
  readyShards(): number[];
  /** lets every shard go gracefully: events in hand queued, sessions kept, leases ended */
  stop(): Promise<void>;
  /** stops as a killed process would: no renewals, no release, events in hand lost (tests) */
  abandon(): Promise<void>;
}

/**
 * The gateway worker: every third of a lease it renews the leases of the shards it holds (storing
 * each one's resumable session), lets go of any it lost, and takes the shards nobody holds, so
 * across every process exactly one holds each shard and a dead holder's shards move within about
 * 1⅓ leases. Each event of interest becomes a job on the engine (features/member-events).
 *
 * A shard Discord closes for good (4004, 4010–4014) is not identified again by this process: it
 * keeps the lease, so no other process tries either, until it stops (docs/production.md). A 4011
 * with GATEWAY_SHARD_COUNT=auto reads the recommended count again and starts over with it. Every
 * IDENTIFY takes one of the day's session starts, shared through the database (identify-throttle.ts).
 */
export async function startGatewayWorker(options: GatewayWorkerOptions): Promise<GatewayWorker> {
  const { settings, database, engine } = options;
  const holder =
    options.holder ?? `gateway:${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = options.log.child({ holder });
  const { leaseSeconds } = settings.gateway;
  const token = settings.integrations.discordBotToken;
  const rest = new REST({
    api: unversionedBase(settings.integrations.discordApiBaseUrl),
    version: '10',
  }).setToken(token);

  await retryStartupRace(() => ensureMemberEventQueue(engine), log);

  const layoutRefreshMs = options.layoutRefreshMs ?? LAYOUT_REFRESH_MS;
  const shards = new Map<number, HeldShard>();
  /** shards Discord closed for good, by close code: leases kept, never identified again here */
  const refused = new Map<number, number>();
  let layout: {
    shardCount: number;
    maxConcurrency: number;
    throttler: DatabaseIdentifyThrottler;
    readAt: number;
  } | null = null;
  let stopped = false;
  let lastLayoutError = '';
  let limitLogged = false;

  const onQueued = async () => {
    // this process's workers at once, the other processes' through the database
    announceChange(database.db, 'jobs', `${MEMBER_EVENT_QUEUE}|${holder}`);
    await announceJobQueued(database, MEMBER_EVENT_QUEUE, holder).catch((err: unknown) =>
      log.warn({ err }, 'could not announce a queued member event'),
    );
  };

  /** GET /gateway/bot, its session start limit recorded for every process */
  async function gatewayBot(): Promise<APIGatewayBotInfo> {
    const info = (await rest.get(Routes.gatewayBot())) as APIGatewayBotInfo;
    await recordSessionStartLimit(database.db, info.session_start_limit);
    return info;
  }

  const sessionStarts = new SessionStartBudget(
    database.db,
    async () => void (await gatewayBot()),
    (waitMs) => {
      if (limitLogged) return;
      limitLogged = true;
      log.error(
        { waitMs },
        "Discord's daily session start limit is used up: no shard identifies until it resets",
      );
    },
  );

  /**
   * GET /gateway/bot: the shard count (unless set) and the identify concurrency. Answers true when
   * the shard count changed since the last read.
   */
  async function readLayout(): Promise<boolean> {
    try {
      const info = await gatewayBot();
      const shardCount = settings.gateway.shardCount ?? info.shards;
      const maxConcurrency = info.session_start_limit.max_concurrency;
      const before = layout;
      if (before && before.shardCount === shardCount && before.maxConcurrency === maxConcurrency) {
        before.readAt = Date.now();
        return false;
      }
      layout = {
        shardCount,
        maxConcurrency,
        throttler: new DatabaseIdentifyThrottler(
          database.db,
          maxConcurrency,
          undefined,
          sessionStarts,
        ),
        readAt: Date.now(),
      };
      log.info({ shardCount, maxConcurrency }, 'gateway layout read');
      return before !== null && before.shardCount !== shardCount;
    } catch (err) {
      const message = (err as Error).message;
      // said once per kind of failure, not at every look
      if (message !== lastLayoutError)
        log.warn({ err: message }, 'cannot read GET /gateway/bot yet; trying again');
      lastLayoutError = message;
      return false;
    }
  }

  /**
   * The shard count changed: every shard starts over with it (a session of another count cannot
   * be resumed), and refusals that depended on the count are lifted.
   */
  async function startOver() {
    const ids = [...new Set([...shards.keys(), ...refused.keys()])];
    log.warn(
      { shardCount: layout?.shardCount, shards: ids },
      'the shard count changed; starting over',
    );
    const held = [...shards.values()];
    shards.clear();
    refused.clear();
    await Promise.all(held.map((shard) => shard.abandon().catch(() => undefined)));
    await releaseShards(database.db, holder, ids);
    await clearRefusalsOf(database.db, holder);
  }

  /** Discord closed `shardId` for good: keep its lease, never identify it again in this process. */
  function refuse(shardId: number, code: number) {
    refused.set(shardId, code);
    void recordRefusal(database.db, shardId, code, holder).catch((err: unknown) =>
      log.warn({ err, shard: shardId }, 'could not record the gateway refusal'),
    );
  }

  /** A stored session whose resume URL is not Discord's is not resumed: the shard identifies anew. */
  function trusted(shardId: number, session: StoredSession | null): StoredSession | null {
    if (!session || trustedResumeUrl(session.resumeUrl, settings.integrations.discordApiBaseUrl))
      return session;
    log.warn(
      { shard: shardId },
      "the stored gateway resume URL is not Discord's: not resuming there, identifying anew",
    );
    return null;
  }

  function open(shardId: number, session: StoredSession | null) {
    const shard = new HeldShard({
      shardId,
      shardCount: layout!.shardCount,
      token,
      rest,
      throttler: layout!.throttler,
      session,
      log,
      onDispatch: async (payload, context) => {
        const job = memberEventOf(payload, context);
        if (!job) return;
        const queued = await enqueueMemberEvent(engine, job.event, job.dedupKey);
        gatewayMemberEvents.inc({ kind: job.event.kind, queued: String(queued) });
        if (queued) await onQueued();
      },
      onFatalClose: (code, why) => {
        // identifying again would fail the same way and spend the day's session starts, after
        // which Discord resets the bot token: the shard waits for an operator (docs/production.md)
        gatewayFatalCloses.inc({ code: String(code) });
        log.error({ shard: shardId, code }, `gateway closed for good: ${why}`);
        if (shards.get(shardId) !== shard) return;
        shards.delete(shardId);
        void shard.abandon().catch(() => undefined);
        if (code !== 4011 || settings.gateway.shardCount !== null) return refuse(shardId, code);
        // Discord wants more shards: read its count again, in turn with the looks (the lease is
        // kept meanwhile, and let go by startOver)
        refused.set(shardId, code);
        looking = looking
          .then(async () => {
            if (stopped) return;
            if (await readLayout()) return startOver();
            log.error({ shard: shardId }, 'Discord still recommends the same shard count');
            refuse(shardId, code);
          })
          .catch((err: unknown) => log.error({ err }, 'gateway re-sharding failed'));
      },
      onReady: () =>
        void clearRefusal(database.db, shardId).catch((err: unknown) =>
          log.warn({ err, shard: shardId }, 'could not clear the gateway refusal'),
        ),
      onSessionChange: (stored) =>
        void saveSession(database.db, holder, shardId, stored).catch((err: unknown) =>
          log.warn({ err, shard: shardId }, 'could not store the gateway session'),
        ),
    });
    shards.set(shardId, shard);
    shard.start().catch((err: unknown) => {
      // the library retries a dropped connection itself; this is a start that could not begin
      log.error({ err: (err as Error).message, shard: shardId }, 'gateway shard failed to start');
      if (shards.get(shardId) !== shard) return;
      shards.delete(shardId);
      void shard
        .abandon()
        .then(() => releaseShards(database.db, holder, [shardId]))
        .catch(() => undefined);
    });
    log.info({ shard: shardId, resuming: session !== null }, 'took gateway shard');
  }

  async function look() {
    if (!layout) await readLayout();
    else if (settings.gateway.shardCount === null && Date.now() - layout.readAt >= layoutRefreshMs)
      if (await readLayout()) await startOver();
    if (!layout || stopped) return;
    // renew first: a lease that ran out meanwhile may be another's already
    const held = await renewShards(
      database.db,
      holder,
      [
        ...[...shards.values()].map((s) => ({ shardId: s.shardId, session: s.sessionToStore() })),
        ...[...refused.keys()].map((shardId) => ({ shardId })),
      ],
      leaseSeconds,
    );
    for (const shardId of refused.keys()) if (!held.has(shardId)) refused.delete(shardId);
    for (const [shardId, shard] of shards) {
      if (held.has(shardId)) continue;
      log.warn({ shard: shardId }, 'lost the lease of a gateway shard; letting it go');
      shards.delete(shardId);
      // not awaited: a dead connection's close can take its time, and the other leases cannot wait
      void shard.abandon().catch(() => undefined);
    }
    if (stopped) return;
    // with no session start left, a new shard could only wait (or spend the bot token)
    if (await sessionStartsUsedUp(database.db)) return;
    const free = [...Array(layout.shardCount).keys()].filter(
      (id) => !shards.has(id) && !refused.has(id),
    );
    for (const claimed of await claimFreeShards(database.db, holder, free, leaseSeconds)) {
      if (stopped) break;
      const usable = claimed.session?.shardCount === layout.shardCount ? claimed.session : null;
      open(claimed.shardId, trusted(claimed.shardId, usable));
    }
  }

  // one look at a time, every third of a lease
  let looking: Promise<void> = Promise.resolve();
  const tick = () => {
    looking = looking
      .then(look)
      .catch((err: unknown) => log.error({ err }, 'gateway lease look failed'));
    return looking;
  };
  const uncount = countShards(() => ({
    held: shards.size,
    ready: [...shards.values()].filter((s) => s.ready).length,
  }));
  await tick();
  const timer = setInterval(() => void tick(), Math.max(500, (leaseSeconds * 1000) / 3));

  return {
    holder,
    heldShards: () => [...shards.keys(), ...refused.keys()].sort((a, b) => a - b),
    readyShards: () =>
      [...shards.values()]
        .filter((s) => s.ready)
        .map((s) => s.shardId)
        .sort((a, b) => a - b),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      uncount();
      await looking;
      const ids = [...shards.keys()];
      await Promise.all(
        [...shards].map(async ([shardId, shard]) => {
          const session = await shard.stop();
          await saveSession(database.db, holder, shardId, session).catch(() => undefined);
        }),
      );
      shards.clear();
      const refusedIds = [...refused.keys()];
      refused.clear();
      await releaseShards(database.db, holder, [...ids, ...refusedIds]);
      log.info({ shards: ids, refused: refusedIds }, 'gateway shards handed over');
    },
    async abandon() {
      stopped = true;
      clearInterval(timer);
      uncount();
      await looking;
      await Promise.all([...shards.values()].map((s) => s.abandon()));
      shards.clear();
    },
  };
}
