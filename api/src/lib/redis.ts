import type { FastifyBaseLogger } from 'fastify';
import Redis from 'ioredis';

/** After a command fails on a connection that looks open (a hung Redis), counters skip it this long. */
const SKIP_AFTER_FAILURE_MS = 5_000;

/**
 * The shared store for counters replicas must agree on (rate limits; nothing else lives there).
 * Redis is optional at run time: while it does not answer, the limits count in each replica's
 * memory (see rate-limit-store.ts), /api/health says `degraded` and the replica stays ready.
 * The outage and the recovery are each logged once, not once per reconnect attempt.
 */
export class RedisLink {
  readonly client: Redis;
  private state: 'starting' | 'up' | 'down' = 'starting';
  private skipUntil = 0;
  private closing = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // a hung Redis must not hold a request: past this the count falls back to memory
      commandTimeout: 1_000,
      // while disconnected, commands fail at once instead of queueing behind the reconnect
      enableOfflineQueue: false,
    });
    this.client.on('ready', () => this.markUp());
    // without an 'error' listener ioredis prints every failed reconnect attempt
    this.client.on('error', (err: Error) => this.markDown(err.message));
    this.client.on('close', () => this.markDown('connection closed'));
  }

  /** Whether Redis answered last: its connection is open and its last command succeeded. */
  get up(): boolean {
    return this.state === 'up';
  }

  /** Whether a counter should ask Redis now, rather than count in memory at once. */
  usable(): boolean {
    return this.client.status === 'ready' && Date.now() >= this.skipUntil;
  }

  commandSucceeded(): void {
    this.markUp();
  }

  commandFailed(err: Error): void {
    this.skipUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
    this.markDown(err.message);
  }

  /**
   * Ends the client for good. QUIT needs a connection: with Redis unreachable it is refused, and
   * ioredis would go on reconnecting, its timer keeping the process alive. disconnect() stops that.
   */
  async close(): Promise<void> {
    this.closing = true;
    await this.client.quit().catch(() => this.client.disconnect());
  }

  private markUp(): void {
    this.skipUntil = 0;
    if (this.state === 'up' || this.closing) return;
    const recovered = this.state === 'down';
    this.state = 'up';
    if (recovered)
      this.log.info('redis answers again: rate limits are shared by the replicas again');
    else this.log.info('redis connected: rate limits are shared by the replicas');
  }

  private markDown(reason: string): void {
    if (this.state === 'down' || this.closing) return;
    this.state = 'down';
    this.log.error(
      { reason },
      "redis unreachable: rate limits count in this replica's memory until it answers",
    );
  }
}
