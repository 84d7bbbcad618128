import { setTimeout as sleep } from 'node:timers/promises';
import type { REST } from '@discordjs/rest';
import {
  WebSocketManager,
  WebSocketShardEvents,
  type IIdentifyThrottler,
  type SessionInfo,
} from '@discordjs/ws';
import { GatewayIntentBits, type GatewayDispatchPayload } from 'discord-api-types/v10';
import type { FastifyBaseLogger } from 'fastify';
import type { StoredSession } from './lease-store';

/** Servers and who joins or leaves them; Server Members is a privileged intent (docs: Gateway › Privileged Intents). */
export const GATEWAY_INTENTS = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers;
/** the smallest Discord allows: GUILD_CREATE of a big server then lists few members, which we drop anyway */
const LARGE_THRESHOLD = 50;
/** a close code other than 1000/1001 keeps the session resumable (docs: Gateway › Resuming) */
const HAND_OVER_CLOSE_CODE = 4200;

/**
 * Closes after which the library does not connect again (docs: Opcodes and Status Codes › Gateway
 * Close Event Codes), each with what the operator should do.
 */
export const FATAL_CLOSES: Record<number, string> = {
  4004: 'Discord refused the bot token: check DISCORD_BOT_TOKEN.',
  4010: 'Discord refused the shard: GATEWAY_SHARD_COUNT does not fit the shard ids.',
  4011: 'Discord requires more shards: set GATEWAY_SHARD_COUNT higher, or to auto.',
  4012: 'Discord refused the gateway version.',
  4013: 'Discord refused the intents asked for.',
  4014: 'Discord refused the Server Members intent: turn it on in the Developer Portal (Bot › Privileged Gateway Intents).',
};

export interface DispatchContext {
  /** the session the event came in, for the dedup key of events without a time of their own */
  sessionId: string | null;
  receivedAt: Date;
}

export interface HeldShardOptions {
  shardId: number;
  shardCount: number;
  token: string;
  rest: REST;
  throttler: IIdentifyThrottler;
  /** the session the last holder left: resumed when its shard count matches */
  session: StoredSession | null;
  /** hands one event on (queues its job); a throw is retried, in order, until it succeeds */
  onDispatch(payload: GatewayDispatchPayload, context: DispatchContext): Promise<void>;
  /** a new session began (READY) or ended: store it now, so a successor can resume it */
  onSessionChange(session: StoredSession | null): void;
  /** Discord closed the connection for good (FATAL_CLOSES): the library will not reconnect */
  onFatalClose(code: number, why: string): void;
  /** the shard identified (READY): whatever refused it before is fixed */
  onReady?(): void;
  log: FastifyBaseLogger;
}

/**
 * One shard this process holds: a WebSocketManager of @discordjs/ws for that shard alone (the
 * library heartbeats, resumes and reconnects), its events handed on one at a time in order.
 *
 * Two views of the session: the live one the library reads and advances on every event (for its
 * heartbeats and its own resumes), and the durable one, whose sequence is that of the last event
 * handed on. Only the durable one is stored for a successor, so a process that dies with events
 * still in hand loses none: the successor's resume replays them.
 */
export class HeldShard {
  readonly shardId: number;
  private readonly manager: WebSocketManager;
  private live: SessionInfo | null;
  private durable: StoredSession | null;
  private pending: Promise<void> = Promise.resolve();
  /** no new events taken, session changes not stored (the library forgets it as it closes) */
  private closing = false;
  /** events in hand are given up */
  private dropped = false;
  /** connected and identified or resumed: events flow */
  ready = false;

  constructor(private readonly options: HeldShardOptions) {
    const { shardId, shardCount, session } = options;
    this.shardId = shardId;
    this.durable = session;
    this.live = session
      ? {
          shardId,
          shardCount: session.shardCount,
          sessionId: session.sessionId,
          resumeURL: session.resumeUrl,
          sequence: session.sequence,
        }
      : null;
    this.manager = new WebSocketManager({
      token: options.token,
      rest: options.rest,
      intents: GATEWAY_INTENTS,
      shardCount,
      shardIds: [shardId],
      largeThreshold: LARGE_THRESHOLD,
      // one throttler for every shard of every process (identify-throttle.ts)
      buildIdentifyThrottler: () => options.throttler,
      retrieveSessionInfo: () => this.live,
      updateSessionInfo: (_id, info) => this.sessionInfo(info),
    });
    const log = options.log.child({ shard: shardId });
    this.manager.on(WebSocketShardEvents.Dispatch, (payload) => this.received(payload));
    this.manager.on(WebSocketShardEvents.Ready, () => {
      this.ready = true;
      log.info('gateway shard ready');
      options.onReady?.();
    });
    this.manager.on(WebSocketShardEvents.Resumed, () => {
      this.ready = true;
      log.info('gateway shard resumed');
    });
    this.manager.on(WebSocketShardEvents.Closed, (code) => {
      this.ready = false;
      log.info({ code }, 'gateway connection closed');
      const why = FATAL_CLOSES[code];
      if (why && !this.closing) options.onFatalClose(code, why);
    });
    this.manager.on(WebSocketShardEvents.Error, (err) =>
      log.error({ err: err.message }, 'gateway shard error'),
    );
    this.manager.on(WebSocketShardEvents.SocketError, (err) =>
      log.warn({ err: err.message }, 'gateway socket error'),
    );
  }

  /** Connects (resuming when it can); resolves once the shard is ready or resumed. */
  async start(): Promise<void> {
    await this.manager.connect();
  }

  /** The session a successor should resume: the durable one. */
  sessionToStore(): StoredSession | null {
    return this.durable ? { ...this.durable } : null;
  }

  /**
   * A graceful stop: the events in hand are handed on first (within `drainMs`), then the
   * connection closes with a code that keeps the session resumable. Answers the session to store.
   */
  async stop(drainMs = 5000): Promise<StoredSession | null> {
    this.closing = true;
    await Promise.race([this.pending, sleep(drainMs, undefined, { ref: false })]);
    this.dropped = true;
    await this.manager.destroy({ code: HAND_OVER_CLOSE_CODE, reason: 'handing the shard over' });
    return this.sessionToStore();
  }

  /** Drops the connection and whatever is in hand, as a process that died would (the lease was lost). */
  async abandon(): Promise<void> {
    this.closing = true;
    this.dropped = true;
    await this.manager.destroy({ code: HAND_OVER_CLOSE_CODE, reason: 'lease lost' });
  }

  private sessionInfo(info: SessionInfo | null): void {
    const before = this.live;
    this.live = info;
    // the library forgets the session as it closes: keep it for the successor
    if (this.closing) return;
    if (!info) {
      if (before) {
        this.durable = null;
        this.options.onSessionChange(null);
      }
      return;
    }
    if (before?.sessionId !== info.sessionId) {
      // READY: a new session, nothing of it handed on yet but READY itself
      this.durable = {
        sessionId: info.sessionId,
        resumeUrl: info.resumeURL,
        sequence: info.sequence,
        shardCount: info.shardCount,
      };
      this.options.onSessionChange(this.sessionToStore());
    }
  }

  private received(payload: GatewayDispatchPayload): void {
    if (this.closing) return;
    const context: DispatchContext = {
      sessionId: this.live?.sessionId ?? null,
      receivedAt: new Date(),
    };
    this.pending = this.pending.then(() => this.handOn(payload, context));
  }

  private async handOn(payload: GatewayDispatchPayload, context: DispatchContext): Promise<void> {
    let handed = false;
    for (let attempt = 0; !handed && !this.dropped; attempt++) {
      try {
        await this.options.onDispatch(payload, context);
        handed = true;
      } catch (err) {
        this.options.log.warn(
          { shard: this.shardId, event: payload.t, attempt, err: (err as Error).message },
          'could not queue a gateway event; trying again',
        );
        await sleep(Math.min(250 * 2 ** attempt, 10_000), undefined, { ref: false });
      }
    }
    const durable = this.durable;
    if (handed && durable && durable.sessionId === context.sessionId)
      durable.sequence = Math.max(durable.sequence, payload.s);
  }
}
