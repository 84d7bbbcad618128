import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './api-process';
import { until } from './until';

/** A Redis a test may cut off: host and port, and how to end it when the test started it. */
export interface RedisTarget {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** Why no Redis can be had for a test, or undefined when one can (see redisTarget). */
export const NO_REDIS: string | undefined =
  process.env.TEST_REDIS_URL || spawnSync('redis-server', ['--version']).status === 0
    ? undefined
    : 'TEST_REDIS_URL is not set and redis-server is not on PATH (apt-get install redis-server)';

/**
 * TEST_REDIS_URL's Redis when set (scripts/test.mjs sets it when 6379 answers), else a private
 * `redis-server` on a free port. A test never stops a shared Redis: it stops a proxy in front
 * of it (see TcpProxy).
 */
export async function redisTarget(): Promise<RedisTarget> {
  const url = process.env.TEST_REDIS_URL;
  if (url) {
    const parsed = new URL(url);
    return { host: parsed.hostname, port: Number(parsed.port || 6379), stop: async () => {} };
  }
  if (NO_REDIS) throw new Error(NO_REDIS);
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await until('the private redis-server answering PING', () => ping('127.0.0.1', port), Boolean, {
    timeoutMs: 10_000,
    everyMs: 50,
  });
  return {
    host: '127.0.0.1',
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGKILL');
      }),
  };
}

/** Whether a Redis answers PING on host:port, within a second. */
function ping(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * A TCP proxy on a port of its own in front of a Redis. stop() is Redis going away for its
 * clients (open connections reset, new ones refused); start() brings it back on the same port.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async open(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(await freePort(), target);
    await proxy.start();
    return proxy;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
