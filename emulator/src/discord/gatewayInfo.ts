import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { gatewayUrl } from '../gateway/server';
import { requireBot } from './auth';

/**
 * GET /gateway and GET /gateway/bot (Discord docs: Topics → Gateway, Get Gateway Bot): where to
 * connect (this emulator's own ws:// address, from the Host the caller used), the recommended
 * shard count and the session start limit.
 */
export function registerGatewayInfo(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/gateway', async (request) => ({ url: gatewayUrl(request.headers) }));

  app.get('/gateway/bot', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    return {
      url: gatewayUrl(request.headers),
      shards: ctx.gateway.settings.shards,
      session_start_limit: ctx.gateway.sessionStartLimit(),
    };
  });
}
