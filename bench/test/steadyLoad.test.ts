import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

// bench/lib/steadyLoad.mjs, the API benchmark's load (plain Node ESM, no types).
interface SteadyLoadResult {
  total: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}
interface SteadyLoadModule {
  steadyLoad(options: {
    url: string;
    headers?: Record<string, string>;
    rate: number;
    seconds: number;
    connections: number;
  }): Promise<SteadyLoadResult>;
}
const STEADY_LOAD = '../lib/steadyLoad.mjs';

/** A server that records when each request arrived and answers as `answer` says. */
async function recordingServer(
  answer: (index: number, res: http.ServerResponse) => void,
): Promise<{ url: string; arrivals: number[]; close: () => Promise<void> }> {
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    answer(arrivals.length - 1, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/route`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ok = (_index: number, res: http.ServerResponse) => res.end('{"ok":true}');

let load: SteadyLoadModule['steadyLoad'];
beforeAll(async () => {
  ({ steadyLoad: load } = (await import(STEADY_LOAD)) as SteadyLoadModule);
});

it('spreads the requests over the time asked, not in a burst at its start', async () => {
  const server = await recordingServer(ok);
  try {
    const result = await load({ url: server.url, rate: 200, seconds: 1, connections: 20 });
    expect(result).toMatchObject({ total: 200, errors: 0 });
    const [first, ...rest] = server.arrivals as [number, ...number[]];
    const inFirstHalf = [first, ...rest].filter((t) => t - first < 500).length;
    // evenly spread: about 100 in each half (a burst client sends all 200 in the first)
    expect(inFirstHalf).toBeGreaterThanOrEqual(60);
    expect(inFirstHalf).toBeLessThanOrEqual(140);
    expect(Math.max(...rest) - first).toBeGreaterThan(700);
  } finally {
    await server.close();
  }
});

it('counts the wait for a busy connection in the latency', async () => {
  // one connection, answers after 40 ms, a request due every 10 ms: each waits for those before it
  const server = await recordingServer((_index, res) => {
    setTimeout(() => res.end('{}'), 40);
  });
  try {
    const result = await load({ url: server.url, rate: 100, seconds: 0.2, connections: 1 });
    expect(result).toMatchObject({ total: 20, errors: 0 });
    // the 20th is due at 190 ms and answered after 20 × 40 = 800 ms
    expect(result.max).toBeGreaterThan(500);
    expect(result.p50).toBeGreaterThan(100);
  } finally {
    await server.close();
  }
});

it('counts answers other than 2xx as errors, not as latencies', async () => {
  // the failures are slow: were they timed, the slowest latency would be theirs
  const server = await recordingServer((index, res) => {
    if (index % 2 === 0) {
      res.end('{}');
      return;
    }
    res.statusCode = 500;
    setTimeout(() => res.end('{}'), 300);
  });
  try {
    const result = await load({ url: server.url, rate: 100, seconds: 0.2, connections: 20 });
    expect(result.total).toBe(20);
    expect(result.errors).toBe(10);
    expect(result.rps).toBeGreaterThan(0);
    expect(result.max).toBeLessThan(250);
  } finally {
    await server.close();
  }
});
