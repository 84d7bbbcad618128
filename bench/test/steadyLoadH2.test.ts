import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';

// bench/lib/steadyLoadH2.mjs, the benchmark's load through nginx over HTTPS with HTTP/2
// (plain Node ESM, no types).
interface SteadyLoadH2Module {
  steadyLoadH2(options: {
    url: string;
    headers?: Record<string, string>;
    rate: number;
    seconds: number;
    ca: string;
  }): Promise<{ total: number; errors: number; rps: number; p50: number; p99: number }>;
}
interface IngressModule {
  localhostCertificate(): Promise<{ cert: string; key: string }>;
}
const STEADY_LOAD_H2 = '../lib/steadyLoadH2.mjs';
const INGRESS = '../../tools/origin/httpsIngress.mjs';

let loadModule: SteadyLoadH2Module;
let cert: string;
let key: string;

beforeAll(async () => {
  loadModule = (await import(STEADY_LOAD_H2)) as SteadyLoadH2Module;
  ({ cert, key } = await ((await import(INGRESS)) as IngressModule).localhostCertificate());
});

/** An HTTP/2 server over TLS; `answer` gives each request's status by its number. */
async function server(answer: (index: number, stream: http2.ServerHttp2Stream) => number) {
  const sessions = new Set<http2.ServerHttp2Session>();
  const seen: { path: string; authorization?: string }[] = [];
  const h2 = http2.createSecureServer({ cert, key }, (req, res) => {
    seen.push({ path: req.url, authorization: req.headers.authorization });
    res.writeHead(answer(seen.length - 1, req.stream), { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  h2.on('session', (session) => sessions.add(session));
  await new Promise<void>((resolve) => h2.listen(0, '127.0.0.1', resolve));
  const { port } = h2.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/_api/route?x=1`,
    seen,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        h2.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}

/**
 * `rate` × `seconds` requests to a fresh server answering by `answer`, the server closed after:
 * the load's result, the requests the server saw and how many connections they came on.
 */
async function loadOnce(
  answer: Parameters<typeof server>[0],
  options: { rate: number; seconds: number; headers?: Record<string, string> },
) {
  const target = await server(answer);
  try {
    const result = await loadModule.steadyLoadH2({ url: target.url, ca: cert, ...options });
    return { result, seen: target.seen, connections: target.sessions.size };
  } finally {
    await target.close();
  }
}

describe('steadyLoadH2', () => {
  it('sends every request at the rate on one connection and times them', async () => {
    const { result, seen, connections } = await loadOnce(() => 200, {
      headers: { authorization: 'Bearer t' },
      rate: 200,
      seconds: 1,
    });
    expect(result).toMatchObject({ total: 200, errors: 0 });
    expect(result.p99).toBeGreaterThan(0);
    expect(result.p50).toBeLessThanOrEqual(result.p99);
    expect(seen).toHaveLength(200);
    expect(seen[0]).toEqual({ path: '/_api/route?x=1', authorization: 'Bearer t' });
    expect(connections).toBe(1);
  });

  it('counts answers outside 2xx as errors', async () => {
    const { result } = await loadOnce((index) => (index % 4 === 0 ? 503 : 200), {
      rate: 100,
      seconds: 1,
    });
    expect(result).toMatchObject({ total: 100, errors: 25 });
  });

  it('opens a new connection when the server sends GOAWAY, and keeps going', async () => {
    // after 50 answers the server ends the connection gracefully, as nginx does past
    // keepalive_requests: streams above the last one it names are refused
    const { result, connections } = await loadOnce(
      (index, stream) => {
        if (index === 49) stream.session?.goaway(http2.constants.NGHTTP2_NO_ERROR, stream.id ?? 0);
        return 200;
      },
      { rate: 100, seconds: 2 },
    );
    expect(result.total).toBe(200);
    expect(result.errors).toBeLessThan(5);
    expect(connections).toBe(2);
  });
});
