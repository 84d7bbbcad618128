import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, served at GET /metrics. One registry per process: several app
 * instances in one process (tests) share the counters, as replicas' series would on a dashboard.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** A counter in the process's registry, its series told apart by `labelNames`. */
export function registeredCounter<Label extends string = never>(
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
): Counter<Label> {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'API request duration by route',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

export const discordBotRequests = registeredCounter(
  'discord_bot_requests_total',
  "The bot's Discord REST calls by operation and outcome",
  ['operation', 'outcome'],
);

export const discordRateLimited = registeredCounter(
  'discord_rate_limited_total',
  '429 answers Discord gave the bot (waited out or refused)',
  ['route'],
);

export const discord429Responses = registeredCounter(
  'discord_429_responses_total',
  'HTTP 429 answers the bot got from Discord (each waited out or refused), by route and scope',
  ['route', 'global'],
);

let depthSource: (() => Promise<Record<string, number>>) | null = null;
/** Where job_queue_depth reads from at scrape time (the job engine, when it runs). */
export function setQueueDepthSource(source: (() => Promise<Record<string, number>>) | null) {
  depthSource = source;
}

new Gauge({
  name: 'job_queue_depth',
  help: 'Jobs waiting in each queue',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!depthSource) return;
    for (const [queue, depth] of Object.entries(await depthSource().catch(() => ({}))))
      this.set({ queue }, depth);
  },
});

const redisLinks = new Set<() => boolean>();
/**
 * Reports a Redis link in roconnect_redis_up until the returned function is called. Several apps
 * in one process (tests) each add theirs: the gauge is 1 only while all of them answer.
 */
export function trackRedisLink(up: () => boolean): () => void {
  redisLinks.add(up);
  return () => redisLinks.delete(up);
}

// prefixed: redis_exporter already publishes a `redis_up` of its own
new Gauge({
  name: 'roconnect_redis_up',
  help: '1 while this replica reaches Redis; 0 while it does not (or REDIS_URL is unset)',
  registers: [metricsRegistry],
  collect() {
    this.set(redisLinks.size > 0 && [...redisLinks].every((up) => up()) ? 1 : 0);
  },
});

export const rateLimitFallbacks = registeredCounter(
  'roconnect_rate_limit_fallbacks_total',
  "Rate-limit counts taken in this replica's memory because Redis did not answer",
);
