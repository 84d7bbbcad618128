// steadyLoad.mjs's steady load over HTTPS with HTTP/2, as a browser calls the API on the one
// origin: requests leave at even intervals on one kept-alive connection (streams multiplexed), so
// the TLS handshake is paid once, as a page pays it once.
import http2 from 'node:http2';
import tls from 'node:tls';
import { performance } from 'node:perf_hooks';

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted, fraction) {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * Sends `rate` × `seconds` GET requests to the https: `url`, spread evenly, trusting `ca`. A
 * connection the server closes (GOAWAY) is replaced by the next request. Resolves with
 * `{ total, errors, rps, p50, p99, max }` (latencies in ms), as steadyLoad does.
 */
export function steadyLoadH2({ url, headers = {}, rate, seconds, ca, timeoutMs = 10_000 }) {
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  let issued = 0;
  let settled = 0;
  let session = null;
  const connection = () => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(target.origin, {
        // without TCP_NODELAY, a stream's small frames can wait for the previous one's ACK
        createConnection: () =>
          tls.connect({
            host: target.hostname,
            port: Number(target.port) || 443,
            servername: target.hostname,
            ca,
            ALPNProtocols: ['h2'],
            noDelay: true,
          }),
      });
      session.on('error', () => undefined); // each stream reports its own failure
      const current = session;
      // the server ends the connection: its streams under way finish, new ones go to another
      current.on('goaway', () => {
        if (session === current) session = null;
        current.close();
      });
    }
    return session;
  };
  const started = performance.now();

  return new Promise((resolve) => {
    const finish = () => {
      session?.close();
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
    const send = () => {
      const issuedAt = performance.now();
      let done = false;
      const once = (ok) => {
        if (done) return;
        done = true;
        if (ok) latencies.push(performance.now() - issuedAt);
        else errors += 1;
        settled += 1;
        if (settled === total) finish();
      };
      let stream;
      try {
        stream = connection().request({
          ':path': `${target.pathname}${target.search}`,
          ...headers,
        });
      } catch {
        session = null;
        return once(false);
      }
      let status = 0;
      stream.on('response', (answer) => (status = Number(answer[':status'])));
      stream.on('data', () => undefined); // the body is read and dropped; only its end is timed
      stream.on('end', () => once(status >= 200 && status < 300));
      stream.on('error', () => once(false));
      stream.on('close', () => once(false)); // closed without an end: reset or timed out
      stream.setTimeout(timeoutMs, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.end();
    };
    // Timers fire about once a millisecond; each sends every request that has come due since.
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (issued < due) {
        issued += 1;
        send();
      }
      if (issued < total) setTimeout(tick, 1);
    };
    tick();
  });
}
