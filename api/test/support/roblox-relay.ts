import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the API and the emulator's Roblox web APIs (ROBLOX_GROUPS_BASE_URL) and counts
 * what the API asks for: every call by route ("GET /v1/groups/:id"), and the most that were ever
 * in flight at once. The emulator's own call log counts only the bot's Discord calls.
 */
export interface RobloxRelay {
  readonly url: string;
  /** the emulator's origin; set once it is known */
  target: string;
  /** calls by route since the last reset */
  counts(): Record<string, number>;
  total(): number;
  /** the most calls in flight at once since the last reset */
  readonly maxInFlight: number;
  /**
   * Holds the next `calls` calls and lets them through in groups of `batch` (the last one
   * smaller), so that everything a client sends at once is in flight at the same time: a client
   * that is not bounded shows its whole fan-out in `maxInFlight`, whatever the machine's speed.
   */
  holdInBatches(calls: number, batch: number): void;
  reset(): void;
  close(): Promise<void>;
}

const routeOf = (req: IncomingMessage) =>
  `${req.method} ${(req.url ?? '').split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id')}`;

export async function startRobloxRelay(): Promise<RobloxRelay> {
  const counts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let hold = { left: 0, batch: 0 };
  let held: (() => void)[] = [];

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const answer = await fetch(`${relay.target}${req.url}`, {
        method: req.method,
        headers: { accept: 'application/json' },
      });
      const body = Buffer.from(await answer.arrayBuffer());
      inFlight--; // before the client can see the answer and send its next call
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(body);
    } catch (err) {
      inFlight--;
      res.writeHead(502).end(String(err));
    }
  };

  const server = createServer((req, res) => {
    const route = routeOf(req);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (hold.left === 0) return void forward(req, res);
    hold.left--;
    held.push(() => void forward(req, res));
    if (held.length === hold.batch || hold.left === 0) {
      const go = held;
      held = [];
      for (const release of go) release();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const relay: RobloxRelay = {
    url: `http://127.0.0.1:${port}`,
    target: '',
    counts: () => Object.fromEntries(counts),
    total: () => [...counts.values()].reduce((sum, n) => sum + n, 0),
    get maxInFlight() {
      return maxInFlight;
    },
    holdInBatches(calls, batch) {
      hold = { left: calls, batch };
    },
    reset() {
      counts.clear();
      maxInFlight = inFlight;
      hold = { left: 0, batch: 0 };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of held) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return relay;
}
