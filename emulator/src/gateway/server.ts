import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { EmulatorContext } from '../context';
import { handleConnection } from './connection';

/** where clients connect (GET /gateway/bot `url`) and resume (READY `resume_gateway_url`) */
export const GATEWAY_PATH = '/gateway';
export const RESUME_PATH = '/gateway/resume';

/** a hard cap for the socket; past Discord's 4096 bytes the connection closes with 4002 first */
const MAX_CLIENT_PAYLOAD = 1024 * 1024;

/** the gateway's address as the caller reached this host (wss:// behind a TLS proxy) */
export function gatewayUrl(headers: IncomingHttpHeaders, path = GATEWAY_PATH): string {
  const scheme = headers['x-forwarded-proto'] === 'https' ? 'wss' : 'ws';
  return `${scheme}://${headers.host ?? '127.0.0.1'}${path}`;
}

/**
 * Serves the gateway on the emulator's own port: WebSocket upgrades to /gateway and
 * /gateway/resume (both accept IDENTIFY and RESUME, as Discord's nodes do).
 */
export function attachGateway(app: FastifyInstance, ctx: EmulatorContext): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_PAYLOAD });

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://emulator');
    if (url.pathname !== GATEWAY_PATH && url.pathname !== RESUME_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      handleConnection(ctx, ctx.gateway, ws, {
        query: url.searchParams,
        resumeUrl: gatewayUrl(request.headers, RESUME_PATH),
      });
    });
  });

  // open sockets would keep the HTTP server from closing
  app.addHook('preClose', async () => {
    ctx.gateway.closeAll();
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  });
}
