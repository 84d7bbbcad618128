import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/** One call the API made to Discord, as it went over the wire, and the answer it got. */
export interface RecordedCall {
  method: string;
  /** path and query, e.g. /api/v10/guilds/1/members?limit=1000&after=0 */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody: string;
  status: number;
  responseBody: string;
}

export interface RecordingProxy {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  calls: RecordedCall[];
  close(): Promise<void>;
}

/**
 * An HTTP server in front of the emulator that passes every call through unchanged and records
 * it: the API's Discord base URL points here, so what is recorded is exactly what the API sends
 * and receives (the emulator itself is left as it is).
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const calls: RecordedCall[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const { host: _host, connection: _connection, ...headers } = req.headers;
      const upstream = httpRequest(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: to.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            const responseBody = Buffer.concat(body);
            calls.push({
              method: req.method ?? 'GET',
              url: req.url ?? '/',
              requestHeaders: req.headers,
              requestBody: requestBody.toString('utf8'),
              status: answer.statusCode ?? 0,
              responseBody: responseBody.toString('utf8'),
            });
            const { connection: _c, 'transfer-encoding': _t, ...back } = answer.headers;
            res.writeHead(answer.statusCode ?? 502, {
              ...back,
              'content-length': responseBody.length,
            });
            res.end(responseBody);
          });
        },
      );
      upstream.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: ${err.message}`);
      });
      upstream.end(requestBody);
    });
  });
  // the gateway's WebSocket (GET /gateway/bot names this host): passed through, not recorded
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
