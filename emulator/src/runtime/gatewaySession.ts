import type { WebSocket } from 'ws';

/** One dispatch as sent, kept for RESUME. */
interface Sent {
  s: number;
  text: string;
}

/**
 * A gateway session (Discord docs: Topics → Gateway, Resuming): its shard, intents and sequence,
 * and the last dispatches, so that a client that lost its socket can RESUME and miss nothing.
 * Dispatches keep coming while the socket is down; the session ends `ttlMs` after it dropped.
 */
export class GatewaySession {
  seq = 0;
  socket: WebSocket | undefined;
  /** when the socket dropped (undefined while connected) */
  disconnectedAt: number | undefined;
  private readonly replay: Sent[] = [];
  /** the highest sequence number pushed out of the replay buffer: resuming from below it loses events */
  private evictedUpTo = 0;
  private expiry: NodeJS.Timeout | undefined;

  constructor(
    readonly id: string,
    readonly shard: [number, number],
    readonly intents: number,
    private readonly replayLimit: number,
  ) {}

  /** Sends (or, while disconnected, only keeps) a dispatch; `replayable: false` for READY and RESUMED. */
  dispatch(t: string, d: unknown, replayable = true): void {
    this.seq += 1;
    const text = JSON.stringify({ op: 0, t, s: this.seq, d });
    if (replayable) {
      this.replay.push({ s: this.seq, text });
      if (this.replay.length > this.replayLimit) {
        const dropped = this.replay.splice(0, this.replay.length - this.replayLimit);
        this.evictedUpTo = dropped[dropped.length - 1]!.s;
      }
    }
    this.send(text);
  }

  send(text: string): void {
    if (this.socket?.readyState === 1) this.socket.send(text);
  }

  /** A resume from `seq` can replay everything after it. */
  canResumeFrom(seq: number): boolean {
    return seq >= this.evictedUpTo && seq <= this.seq;
  }

  /** the dispatches after `seq`, as sent */
  since(seq: number): string[] {
    return this.replay.filter((e) => e.s > seq).map((e) => e.text);
  }

  get buffered(): number {
    return this.replay.length;
  }

  attach(socket: WebSocket): void {
    this.socket = socket;
    this.disconnectedAt = undefined;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
  }

  /** The socket dropped: keep the session for `ttlMs`, then call `expire`. */
  detach(ttlMs: number, expire: () => void): void {
    this.socket = undefined;
    this.disconnectedAt = Date.now();
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = setTimeout(expire, ttlMs);
    this.expiry.unref();
  }

  dispose(): void {
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
  }
}
