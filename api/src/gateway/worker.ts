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
import { DatabaseIdentifyThrottler } from './identify-throttle';
import { countShards, gatewayMemberEvents } from './metrics';
import {
  claimFreeShards,
  releaseShards,
  renewShards,
  saveSession,
  type StoredSession,
} from './lease-store';
import { HeldShard } from './shard';

/** how long a worker waits after Discord closed a shard for good before it tries again */
const FATAL_PAUSE_MS = 60_000;

export interface GatewayWorkerOptions {
  settings: Pick<Settings, 'gateway' | 'integrations'>;
  database: Database;
  /** where events become jobs: the API's engine when run inside it, else the worker's own */
  engine: JobEngine;
  log: FastifyBaseLogger;
  /** this process's name in the lease table; unique by default */
  holder?: string;
}

export interface GatewayWorker {
  readonly holder: string;
  /** the shards this process holds now */
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

  const shards = new Map<number, HeldShard>();
  let layout: { shardCount: number; throttler: DatabaseIdentifyThrottler } | null = null;
  let stopped = false;
  let lastLayoutError = '';
  /** after Discord closed a shard for good, no shard is taken before this (ms since epoch) */
  let pausedUntil = 0;

  const onQueued = async () => {
    // this process's workers at once, the other processes' through the database
    announceChange(database.db, 'jobs', `${MEMBER_EVENT_QUEUE}|${holder}`);
    await announceJobQueued(database, MEMBER_EVENT_QUEUE, holder).catch((err: unknown) =>
      log.warn({ err }, 'could not announce a queued member event'),
    );
  };

  /** GET /gateway/bot once: the shard count (unless set) and the identify concurrency. */
  async function readLayout() {
    try {
      const info = (await rest.get(Routes.gatewayBot())) as APIGatewayBotInfo;
      const shardCount = settings.gateway.shardCount ?? info.shards;
      const maxConcurrency = info.session_start_limit.max_concurrency;
      layout = {
        shardCount,
        throttler: new DatabaseIdentifyThrottler(database.db, maxConcurrency),
      };
      log.info({ shardCount, maxConcurrency }, 'gateway layout read');
    } catch (err) {
      const message = (err as Error).message;
      // said once per kind of failure, not at every look
      if (message !== lastLayoutError)
        log.warn({ err: message }, 'cannot read GET /gateway/bot yet; trying again');
      lastLayoutError = message;
    }
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
        // what failed here fails for every shard until someone fixes it: let go, try again later
        log.error({ shard: shardId, code }, `gateway closed for good: ${why}`);
        pausedUntil = Date.now() + FATAL_PAUSE_MS;
        if (shards.get(shardId) !== shard) return;
        shards.delete(shardId);
        void shard
          .abandon()
          .then(() => releaseShards(database.db, holder, [shardId]))
          .catch(() => undefined);
      },
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
    if (!layout || stopped) return;
    // renew first: a lease that ran out meanwhile may be another's already
    const held = await renewShards(
      database.db,
      holder,
      [...shards.values()].map((s) => ({ shardId: s.shardId, session: s.sessionToStore() })),
      leaseSeconds,
    );
    for (const [shardId, shard] of shards) {
      if (held.has(shardId)) continue;
      log.warn({ shard: shardId }, 'lost the lease of a gateway shard; letting it go');
      shards.delete(shardId);
      // not awaited: a dead connection's close can take its time, and the other leases cannot wait
      void shard.abandon().catch(() => undefined);
    }
    if (stopped || Date.now() < pausedUntil) return;
    const free = [...Array(layout.shardCount).keys()].filter((id) => !shards.has(id));
    for (const claimed of await claimFreeShards(database.db, holder, free, leaseSeconds)) {
      if (stopped) break;
      const usable = claimed.session?.shardCount === layout.shardCount ? claimed.session : null;
      open(claimed.shardId, usable);
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
    heldShards: () => [...shards.keys()].sort((a, b) => a - b),
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
      await releaseShards(database.db, holder, ids);
      log.info({ shards: ids }, 'gateway shards handed over');
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
