import WebSocket from 'ws';

export interface GatewayMessage {
  op: number;
  d: any;
  s: number | null;
  t: string | null;
}

/** How long a test waits for a gateway message or a close before failing. */
const DEADLINE_MS = 5000;

/**
 * A bare gateway client for tests: every message is queued, and `next` waits (with a deadline)
 * for the first one that matches, so tests read the protocol in order without sleeping.
 */
export class TestGatewayClient {
  readonly socket: WebSocket;
  private readonly queue: GatewayMessage[] = [];
  private wake: (() => void) | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;
  lastSeq: number | null = null;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as GatewayMessage;
      if (message.s !== null) this.lastSeq = message.s;
      this.queue.push(message);
      this.wake?.();
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      });
    });
    this.socket.on('error', () => {
      /* a refused or cut connection shows as a close */
    });
  }

  send(op: number, d: unknown): void {
    this.socket.send(JSON.stringify({ op, d }));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** the first queued message matching `match` (removed from the queue), waiting for it if need be */
  async next(match: (m: GatewayMessage) => boolean = () => true): Promise<GatewayMessage> {
    const deadline = Date.now() + DEADLINE_MS;
    for (;;) {
      const i = this.queue.findIndex(match);
      if (i >= 0) return this.queue.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED)
        throw new Error(
          `no matching gateway message within ${DEADLINE_MS} ms; queued: ${JSON.stringify(this.queue.map((m) => [m.op, m.t]))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** the next message, which must be the dispatch `t` */
  async dispatch(t: string): Promise<GatewayMessage> {
    const m = await this.next();
    if (m.t !== t) throw new Error(`expected dispatch ${t}, got op ${m.op} ${m.t ?? ''}`);
    return m;
  }

  /** everything queued so far, in order (removed from the queue) */
  drain(): GatewayMessage[] {
    return this.queue.splice(0);
  }

  /** waits for the connection to close and returns its code */
  async closeCode(): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      this.closed,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the gateway did not close the connection')),
          DEADLINE_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    return result.code;
  }

  /** HELLO, then IDENTIFY; resolves with READY's body */
  async identify(d: Record<string, unknown>): Promise<any> {
    await this.next((m) => m.op === 10);
    this.send(2, { properties: { os: 'linux', browser: 'test', device: 'test' }, ...d });
    return (await this.dispatch('READY')).d;
  }

  close(): void {
    this.socket.terminate();
  }
}
