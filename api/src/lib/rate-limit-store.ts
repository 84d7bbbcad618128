import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { rateLimitFallbacks } from './metrics';
import type { RedisLink } from './redis';

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

/** How many keys one replica's memory keeps; past it the least recently counted is forgotten. */
const MEMORY_KEYS = 10_000;

/** Fixed windows counted in this process. */
export class MemoryCounts {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly capacity = MEMORY_KEYS) {}

  incr(key: string, timeWindow: number, now = Date.now()): Count {
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) window = { count: 0, resetAt: now + timeWindow };
    window.count += 1;
    // re-inserted, so the Map's first key is the least recently counted
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.capacity) this.windows.delete(this.windows.keys().next().value!);
    return { current: window.count, ttl: window.resetAt - now };
  }
}

// INCR, a window on the first count (or on a key that lost its expiry), the count and what is left
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

type CountingRedis = RedisLink['client'] & {
  roconnectRateLimit(key: string, timeWindow: number): Promise<[number, number]>;
};

/**
 * A store for @fastify/rate-limit that counts in Redis, shared by the replicas, and in this
 * replica's memory while Redis does not answer: the limits are never off, and no request fails
 * because Redis did (the plugin's own Redis store answers 500 then). Keys are the plugin's Redis
 * store's (`<namespace><METHOD><url>-<key>`), so a rolling deploy keeps the counts.
 */
export function fallbackStore(link: RedisLink, namespace: string): FastifyRateLimitStoreCtor {
  const redis = link.client as CountingRedis;
  // defined once per client
  if (typeof (redis as Partial<CountingRedis>).roconnectRateLimit !== 'function')
    redis.defineCommand('roconnectRateLimit', { numberOfKeys: 1, lua: INCR_LUA });
  const memory = new MemoryCounts();

  class FallbackStore {
    // the plugin passes its options first; only children name a prefix
    constructor(
      _options?: unknown,
      private readonly prefix = namespace,
    ) {}

    incr(key: string, done: Done, timeWindow: number): void {
      const full = this.prefix + key;
      const local = () => {
        rateLimitFallbacks.inc();
        done(null, memory.incr(full, timeWindow));
      };
      if (!link.usable()) return local();
      redis.roconnectRateLimit(full, timeWindow).then(
        ([current, ttl]) => {
          link.commandSucceeded();
          done(null, { current, ttl });
        },
        (err: Error) => {
          link.commandFailed(err);
          local();
        },
      );
    }

    // the plugin's types say RouteOptions; what it passes is its merged options with routeInfo
    child(routeOptions: { routeInfo?: { method?: unknown; url?: string } }): FallbackStore {
      // a route's limit counts apart from the others; app.createRateLimit's have no route
      const route = routeOptions.routeInfo?.url;
      return new FallbackStore(
        undefined,
        route ? `${namespace}${String(routeOptions.routeInfo?.method)}${route}-` : namespace,
      );
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
