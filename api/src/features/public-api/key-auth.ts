import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { Settings } from '../../config';
import { findLiveKey, recordKeyCall, type ApiKeyRow } from '../../domain/api-keys/keys';
import { ApiError, forbidden, unauthorized } from '../../lib/errors';

const MINUTE_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** the API key the call was made with (public API routes only) */
    apiKey: ApiKeyRow | null;
  }
}

/**
 * The public API's gate, at onRequest, before anything is read: the Bearer key must be a live key
 * (read from the database at each call, so a revoked key is refused at once) of the server named
 * in the path, and within its own rate limit. Every call made with a key is recorded with its
 * answer (onSend, so it is written before the answer leaves), refused calls too.
 */
export function keyAuth(app: FastifyInstance, settings: Settings) {
  const max = settings.developerApi.rateLimitMax;
  // counted in the rate limiter's store: Redis when it answers, so every replica counts together
  const perKey = app.createRateLimit({
    max,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `api-key-${req.apiKey?.id ?? 'none'}`,
  });
  app.decorateRequest('apiKey', null);

  async function gate(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (\S{1,200})$/.exec(header) : null;
    if (!match)
      throw unauthorized(
        "Send the server's API key: Authorization: Bearer <key>.",
        'missing_api_key',
      );
    const key = await findLiveKey(app.ctx.db, match[1]!);
    if (!key)
      throw unauthorized('This API key is not valid, or it was revoked.', 'invalid_api_key');
    request.apiKey = key;

    const count = await perKey(request);
    if (!count.isAllowed) {
      const resetSeconds = Math.max(1, count.ttlInSeconds);
      reply.header('x-ratelimit-limit', String(count.max));
      reply.header('x-ratelimit-remaining', String(Math.max(0, count.remaining)));
      reply.header('x-ratelimit-reset', String(resetSeconds));
      if (count.isExceeded)
        throw new ApiError(
          429,
          'rate_limited',
          `This API key made more than ${count.max} calls this minute: try again in ${resetSeconds} s.`,
          { 'retry-after': String(resetSeconds) },
        );
    }
    const { server_id: serverId } = request.params as { server_id?: string };
    if (serverId !== key.guildId)
      throw forbidden('This API key belongs to another server.', 'api_key_wrong_server');
  }

  async function record(request: FastifyRequest, reply: FastifyReply) {
    const key = request.apiKey;
    if (!key) return;
    await recordKeyCall(app.ctx.db, {
      keyId: key.id,
      guildId: key.guildId,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0]!,
      status: reply.statusCode,
    }).catch((err: unknown) =>
      // the answer is not lost for it; the failure is the operator's to see
      request.log.error({ err, keyId: key.id }, 'could not record an API key call'),
    );
  }

  return { gate, record };
}
