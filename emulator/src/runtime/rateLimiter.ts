import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Rate limits of the emulated REST API: one bucket per route and top-level resource, and a global cap. */
export interface RateLimitSettings {
  enabled: boolean;
  /** requests per bucket per window (Discord reports it in X-RateLimit-Limit) */
  perRouteLimit: number;
  /** the bucket's window, seconds (X-RateLimit-Reset-After when it opens) */
  perRouteResetAfter: number;
  /** the global cap per second of each caller, the bot or one user token (Discord's is 50) */
  globalPerSecond: number;
  /**
   * DM channels the bot may open (POST /users/@me/channels) per `dmOpenWindow`; past it Discord
   * answers 40003. Enforced even when `enabled` is false: it is a rule of Discord's, not a bucket.
   * Default 10 (Discord publishes no number).
   */
  dmOpensPerWindow?: number;
  /** seconds; default 10 */
  dmOpenWindow?: number;
}

export const DM_OPEN_DEFAULTS = { perWindow: 10, windowSeconds: 10 } as const;

/** What the emulator answers with `"discord"`: Discord's global 50/s and a 5-per-second route bucket. */
export const DISCORD_DEFAULT_LIMITS: RateLimitSettings = {
  enabled: true,
  perRouteLimit: 5,
  perRouteResetAfter: 1,
  globalPerSecond: 50,
};

export const LIMITS_OFF: RateLimitSettings = { ...DISCORD_DEFAULT_LIMITS, enabled: false };

interface Bucket {
  remaining: number;
  resetAt: number;
}

/** Counters for tests and the benchmark: every 429 the emulator gave, and every request it served. */
export interface RateLimitCounters {
  served: number;
  limited: number;
  global_limited: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  /** one global window per caller: the bot, or a user's Bearer token */
  private globalWindows = new Map<string, { start: number; count: number }>();
  private dmOpens: number[] = [];
  counters: RateLimitCounters = { served: 0, limited: 0, global_limited: 0 };

  constructor(public settings: RateLimitSettings = LIMITS_OFF) {}

  configure(next: RateLimitSettings): void {
    this.settings = next;
    this.reset();
  }

  reset(): void {
    this.buckets.clear();
    this.globalWindows.clear();
    this.dmOpens = [];
    this.counters = { served: 0, limited: 0, global_limited: 0 };
  }

  /**
   * Takes one request from the bucket `key` (and the global window); answers the headers to send
   * and, when the request must be refused, how long to wait.
   */
  take(
    bucketHash: string,
    major: string,
    now = Date.now(),
    caller = 'bot',
  ): { headers: Record<string, string>; retryAfter?: number; global?: boolean } {
    const s = this.settings;
    const key = `${caller}:${bucketHash}:${major}`;
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { remaining: s.perRouteLimit, resetAt: now + s.perRouteResetAfter * 1000 };
      this.buckets.set(key, bucket);
    }
    const resetAfter = Math.max(0, (bucket.resetAt - now) / 1000);
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(s.perRouteLimit),
      'X-RateLimit-Reset': (bucket.resetAt / 1000).toFixed(3),
      'X-RateLimit-Reset-After': resetAfter.toFixed(3),
      'X-RateLimit-Bucket': bucketHash,
    };
    if (!s.enabled) {
      headers['X-RateLimit-Remaining'] = String(Math.max(0, s.perRouteLimit - 1));
      return { headers };
    }
    let globalWindow = this.globalWindows.get(caller);
    if (!globalWindow || now - globalWindow.start >= 1000) {
      globalWindow = { start: now, count: 0 };
      this.globalWindows.set(caller, globalWindow);
    }
    if (globalWindow.count >= s.globalPerSecond) {
      this.counters.limited++;
      this.counters.global_limited++;
      const wait = (globalWindow.start + 1000 - now) / 1000;
      headers['X-RateLimit-Remaining'] = String(bucket.remaining);
      return { headers, retryAfter: wait, global: true };
    }
    if (bucket.remaining <= 0) {
      this.counters.limited++;
      headers['X-RateLimit-Remaining'] = '0';
      return { headers, retryAfter: resetAfter, global: false };
    }
    bucket.remaining--;
    globalWindow.count++;
    this.counters.served++;
    headers['X-RateLimit-Remaining'] = String(bucket.remaining);
    return { headers };
  }

  /**
   * Counts one DM channel opened by the bot; false when it is past the DM-open rate (Discord's
   * 40003 "You are opening direct messages too fast").
   */
  takeDmOpen(now = Date.now()): boolean {
    const perWindow = this.settings.dmOpensPerWindow ?? DM_OPEN_DEFAULTS.perWindow;
    const windowMs = (this.settings.dmOpenWindow ?? DM_OPEN_DEFAULTS.windowSeconds) * 1000;
    this.dmOpens = this.dmOpens.filter((at) => at > now - windowMs);
    if (this.dmOpens.length >= perWindow) return false;
    this.dmOpens.push(now);
    return true;
  }
}

/** Discord's top-level resources: a bucket is shared per guild, channel or webhook. */
function majorParameter(request: FastifyRequest): string {
  const p = request.params as Record<string, string | undefined>;
  return p.guildId ?? p.channelId ?? p.appId ?? 'global';
}

/**
 * Whose limits a call counts against: the bot, or one user's Bearer token (Discord limits user
 * tokens too, each on its own); undefined for a call with neither (not limited).
 */
function callerKey(authorization: string | undefined): string | undefined {
  const match = /^(Bot|Bearer)\s+(\S+)/.exec(authorization ?? '');
  if (!match) return undefined;
  if (match[1] === 'Bot') return 'bot';
  return `bearer:${createHash('sha1').update(match[2]!).digest('hex').slice(0, 16)}`;
}

/**
 * Applies the limiter to the bot's and users' calls in a Discord REST scope: headers on every
 * answer, and a real 429 (Retry-After, X-RateLimit-Global/Scope, `retry_after` in the body) past
 * the limit.
 */
export function enforceRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerKey(request.headers.authorization);
    if (!caller) return;
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    const hash = createHash('sha1').update(route).digest('hex').slice(0, 16);
    const decision = limiter.take(hash, majorParameter(request), Date.now(), caller);
    reply.headers(decision.headers);
    if (decision.retryAfter === undefined) return;
    const retryAfter = Math.max(0.001, Number(decision.retryAfter.toFixed(3)));
    reply
      .code(429)
      .header('Retry-After', String(Math.ceil(retryAfter)))
      .header('X-RateLimit-Scope', decision.global ? 'global' : 'user');
    if (decision.global) reply.header('X-RateLimit-Global', 'true');
    return reply.send({
      message: 'You are being rate limited.',
      retry_after: retryAfter,
      global: decision.global === true,
      ...(decision.global ? { code: 0 } : {}),
    });
  });
}

/** "discord" → Discord's defaults; "off" → headers only; or the JSON fields of a custom setting. */
export function parseRateLimitSettings(input: unknown): RateLimitSettings | string {
  if (input === 'discord') return DISCORD_DEFAULT_LIMITS;
  if (input === 'off') return LIMITS_OFF;
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return 'Send "discord", "off" or {enabled, per_route_limit, per_route_reset_after, global_per_second, dm_opens_per_window, dm_open_window}.';
  const b = input as Record<string, unknown>;
  const num = (name: string, fallback: number, min: number, max: number): number | string => {
    const v = b[name] ?? fallback;
    return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
      ? v
      : `${name} must be a number from ${min} to ${max}.`;
  };
  const d = DISCORD_DEFAULT_LIMITS;
  const limit = num('per_route_limit', d.perRouteLimit, 1, 100000);
  const reset = num('per_route_reset_after', d.perRouteResetAfter, 0.01, 3600);
  const global = num('global_per_second', d.globalPerSecond, 1, 100000);
  const dmOpens = num('dm_opens_per_window', DM_OPEN_DEFAULTS.perWindow, 1, 100000);
  const dmWindow = num('dm_open_window', DM_OPEN_DEFAULTS.windowSeconds, 0.01, 3600);
  for (const v of [limit, reset, global, dmOpens, dmWindow]) if (typeof v === 'string') return v;
  if (b.enabled !== undefined && typeof b.enabled !== 'boolean')
    return 'enabled must be true or false.';
  return {
    enabled: b.enabled !== false,
    perRouteLimit: Math.floor(limit as number),
    perRouteResetAfter: reset as number,
    globalPerSecond: Math.floor(global as number),
    dmOpensPerWindow: Math.floor(dmOpens as number),
    dmOpenWindow: dmWindow as number,
  };
}

export function rateLimitJson(limiter: RateLimiter) {
  const s = limiter.settings;
  return {
    enabled: s.enabled,
    per_route_limit: s.perRouteLimit,
    per_route_reset_after: s.perRouteResetAfter,
    global_per_second: s.globalPerSecond,
    dm_opens_per_window: s.dmOpensPerWindow ?? DM_OPEN_DEFAULTS.perWindow,
    dm_open_window: s.dmOpenWindow ?? DM_OPEN_DEFAULTS.windowSeconds,
    counters: { ...limiter.counters },
  };
}
