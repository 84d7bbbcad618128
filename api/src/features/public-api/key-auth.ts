import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { Settings } from '../../config';
import { findLiveKey, recordKeyCall, type ApiKeyRow } from '../../domain/api-keys/keys';
import { addressKey } from '../../lib/client-address';
import { ApiError, forbidden, unauthorized } from '../../lib/errors';

const MINUTE_MS = 60_000;

/** What a limit answers once a caller is at or past it. */
type Counted = Extract<
  Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>,
  { isAllowed: false }
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** the API key the call was made with (public API routes only) */
    apiKey: ApiKeyRow | null;
  }
}

/** Addresses a replica remembers as over their key-failure limit, at most (oldest dropped first). */
const MAX_BLOCKED_ADDRESSES = 10_000;

/**
 * The public API's gate, at onRequest, before anything is read (docs/security.md, T8):
 * - a client address past PUBLIC_API_KEY_FAILURE_MAX refused keys this minute is answered 429
 *   before its key is even looked at, so guessing keys costs no database query; the count is
 *   shared by the replicas (the rate limiter's store), each replica remembering the addresses it
 *   saw go over until their minute ends;
 * - the Bearer key must be a live key (read from the database at each call, so a revoked key is
 *   refused at once; one not shaped like a key is refused without a query) of the server named in
 *   the path; a refused key counts against the address;
 * - within its own rate limit, then its server's (PUBLIC_API_SERVER_RATE_LIMIT_MAX, every key of
 *   the server together: more keys give no more calls).
 * Every call made with a key is recorded with its answer (onSend, so it is written before the
 * answer leaves), refused calls too.
 */
export function keyAuth(app: FastifyInstance, settings: Settings) {
  const { rateLimitMax, serverRateLimitMax, keyFailureMax } = settings.developerApi;
  // counted in the rate limiter's store: Redis when it answers, so every replica counts together
  const perKey = app.createRateLimit({
    max: rateLimitMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `api-key-${req.apiKey?.id ?? 'none'}`,
  });
  const perServer = app.createRateLimit({
    max: serverRateLimitMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `api-key-server-${req.apiKey?.guildId ?? 'none'}`,
  });
  const failures = app.createRateLimit({
    max: keyFailureMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `api-key-failures-${addressKey(req.ip)}`,
  });
  const blockedUntil = new Map<string, number>();
  app.decorateRequest('apiKey', null);

  function tooManyFailures(seconds: number) {
    return new ApiError(
      429,
      'rate_limited',
      `This address sent more than ${keyFailureMax} refused API keys this minute: try again in ${seconds} s.`,
      { 'retry-after': String(seconds) },
    );
  }

  /** A refused key: counted against the address, and 429 once it is past its limit. */
  async function refuse(request: FastifyRequest, refusal: ApiError): Promise<never> {
    const count = await failures(request);
    if (!count.isAllowed && count.isExceeded) {
      const seconds = Math.max(1, count.ttlInSeconds);
      if (blockedUntil.size >= MAX_BLOCKED_ADDRESSES)
        blockedUntil.delete(blockedUntil.keys().next().value!);
      blockedUntil.set(addressKey(request.ip), Date.now() + seconds * 1000);
      throw tooManyFailures(seconds);
    }
    throw refusal;
  }

  /** X-RateLimit-* of the limit nearest its end; 429 when a limit is past it. */
  function limited(reply: FastifyReply, counts: { count: Counted; message: string }[]) {
    const [nearest] = [...counts].sort((a, b) => a.count.remaining - b.count.remaining);
    if (!nearest) return;
    const exceeded = counts.find((c) => c.count.isExceeded) ?? nearest;
    const shown = exceeded.count;
    const resetSeconds = Math.max(1, shown.ttlInSeconds);
    reply.header('x-ratelimit-limit', String(shown.max));
    reply.header('x-ratelimit-remaining', String(Math.max(0, shown.remaining)));
    reply.header('x-ratelimit-reset', String(resetSeconds));
    if (shown.isExceeded)
      throw new ApiError(
        429,
        'rate_limited',
        `${exceeded.message}: try again in ${resetSeconds} s.`,
        { 'retry-after': String(resetSeconds) },
      );
  }

  async function gate(request: FastifyRequest, reply: FastifyReply) {
    const address = addressKey(request.ip);
    const until = blockedUntil.get(address);
    if (until !== undefined) {
      if (until > Date.now()) throw tooManyFailures(Math.ceil((until - Date.now()) / 1000));
      blockedUntil.delete(address);
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer (\S{1,200})$/.exec(header) : null;
    if (!match)
      return refuse(
        request,
        unauthorized("Send the server's API key: Authorization: Bearer <key>.", 'missing_api_key'),
      );
    const key = await findLiveKey(app.ctx.db, match[1]!);
    if (!key)
      return refuse(
        request,
        unauthorized('This API key is not valid, or it was revoked.', 'invalid_api_key'),
      );
    request.apiKey = key;

    const counts: { count: Counted; message: string }[] = [];
    const own = await perKey(request);
    if (!own.isAllowed)
      counts.push({
        count: own,
        message: `This API key made more than ${own.max} calls this minute`,
      });
    // past its own limit, a key's calls do not use up its server's
    if (own.isAllowed || !own.isExceeded) {
      const { server_id: serverId } = request.params as { server_id?: string };
      if (serverId !== key.guildId)
        return refuse(
          request,
          forbidden('This API key belongs to another server.', 'api_key_wrong_server'),
        );
      const server = await perServer(request);
      if (!server.isAllowed)
        counts.push({
          count: server,
          message: `This server's API keys made more than ${server.max} calls this minute`,
        });
    }
    limited(reply, counts);
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
