// steadyLoad.mjs's steady load over HTTPS with HTTP/2, as a browser calls the API on the one
// origin: requests leave at even intervals on one kept-alive connection (streams multiplexed), so
// the TLS handshake is paid once, as a page pays it once.
import http2 from 'node:http2';
import tls from 'node:tls';
import { paced } from './steadyLoad.mjs';

/**
 * Sends `rate` × `seconds` GET requests to the https: `url`, spread evenly, trusting `ca`. A
 * connection the server closes (GOAWAY) is replaced by the next request. Resolves with
 * `{ total, errors, rps, p50, p99, max }` (latencies in ms), as steadyLoad does.
 */
export function steadyLoadH2({ url, headers = {}, rate, seconds, ca, timeoutMs = 10_000 }) {
  const target = new URL(url);
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
  return paced({
    rate,
    seconds,
    close: () => session?.close(),
    send: (once) => {
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
    },
  });
}
