import type { FastifyBaseLogger } from 'fastify';
import Redis from 'ioredis';

/**
 * The shared store for counters replicas must agree on. A Redis that goes away is reported by
 * /api/health; requests keep being served (the rate limiter skips a store that does not answer).
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableOfflineQueue: false,
  });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis error'));
  return redis;
}

/**
 * Ends the client for good. QUIT needs a connection: with Redis unreachable it is refused, and
 * ioredis would go on reconnecting, its timer keeping the process alive. disconnect() stops that.
 */
export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
