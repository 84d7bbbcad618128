// A steady load for the API benchmark: requests leave at even intervals (1,000 req/s is one every
// millisecond) whether or not earlier ones have come back, over a few kept-alive connections.
// autocannon's `overallRate` instead lets each connection send its share of the second back to
// back as soon as the second starts, so the server sees a burst at full speed once a second, and
// its latencies are the burst's queue (docs/performance.md › Steady load).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * The schedule and the tally, whatever carries the requests: `rate` × `seconds` of them, each
 * started by `send(settle)` when it is due whether or not earlier ones have come back; it calls
 * `settle(ok)` when its answer has ended or failed (a second call is ignored). Latency runs from
 * the moment the request is due and issued to that call. Once all have settled, `close()`, and
 * resolves with `{ total, errors, rps, p50, p99, max }` (latencies in ms).
 */
export function paced({ rate, seconds, send, close }) {
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let issued = 0;
  let settled = 0;
  const started = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      close();
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      resolve({
        total,
        errors,
        rps: (total - errors) / elapsed,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        max: latencies.length ? latencies[latencies.length - 1] : 0,
      });
    };
    const sendOne = () => {
      const issuedAt = performance.now();
      let done = false;
      send((ok) => {
        if (done) return;
        done = true;
        if (ok) latencies.push(performance.now() - issuedAt);
        else errors += 1;
        settled += 1;
        if (settled === total) finish();
      });
    };
    // Timers fire about once a millisecond; each sends every request that has come due since.
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (issued < due) {
        issued += 1;
        sendOne();
      }
      if (issued < total) setTimeout(tick, 1);
    };
    tick();
  });
}

/**
 * Sends `rate` × `seconds` GET requests to `url`, spread evenly, through at most `connections`
 * sockets (a request finding them all busy waits for one, and that wait counts in its latency).
 * Latency runs from the moment the request is due and issued to the end of its answer.
 * Resolves with `{ total, errors, rps, p50, p99, max }` (latencies in ms).
 */
export function steadyLoad({ url, headers = {}, rate, seconds, connections, timeoutMs = 10_000 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return paced({
    rate,
    seconds,
    close: () => agent.destroy(),
    send: (once) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          headers,
          agent,
        },
        (response) => {
          response.resume(); // the body is read and dropped; only its end is timed
          response.on('end', () => once(response.statusCode >= 200 && response.statusCode < 300));
          response.on('error', () => once(false));
        },
      );
      request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')));
      request.on('error', () => once(false));
      request.end();
    },
  });
}
