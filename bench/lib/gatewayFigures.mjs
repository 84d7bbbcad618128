// The gateway bench's arithmetic (bench/gateway.mjs): percentiles of the join-to-roles times, the
// bound Discord's rate limits put on a burst of joins, CPU per 1,000 events, and the guild ids of
// a seed with many servers. Pure functions, tested in bench/test/gatewayFigures.test.ts.

/** The nearest-rank percentile `p` (0 < p ≤ 100) of `values`; null when there are none. */
export function percentile(values, p) {
  if (!(p > 0 && p <= 100)) throw new Error(`percentile: p must be in (0, 100], got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Members per second a server's join handling can reach under the emulator's (Discord's) limits:
 * each route bucket serves `perRouteLimit` per `perRouteResetAfter` seconds per server, and the
 * whole bot `globalPerSecond`. `routes` is the bot's call log by route for `members` joins; a route
 * called at least half a time per member is a per-member route (one-off reads are negligible).
 * Answers the bound and the route (or "global") that sets it.
 */
export function joinRateBound({ members, routes, limits }) {
  if (!(members > 0)) throw new Error(`joinRateBound: members must be above 0, got ${members}`);
  const perRoute = limits.perRouteLimit / limits.perRouteResetAfter;
  const total = Object.values(routes).reduce((sum, n) => sum + n, 0);
  let bound = { perSecond: limits.globalPerSecond / (total / members), by: 'global' };
  for (const [route, n] of Object.entries(routes)) {
    const perMember = n / members;
    if (perMember < 0.5) continue;
    const rate = perRoute / perMember;
    if (rate < bound.perSecond) bound = { perSecond: rate, by: route };
  }
  return bound;
}

/**
 * When the member at percentile `p` of a burst of `members` can have its roles at the soonest, in
 * seconds, if members are served one after another at `perSecond`.
 */
export function burstPercentileSeconds(members, perSecond, p) {
  if (!(perSecond > 0)) throw new Error(`burstPercentileSeconds: perSecond must be above 0`);
  return Math.ceil((p / 100) * members) / perSecond;
}

/**
 * CPU ms per 1,000 events: the process's CPU over the window, less what it spends idle (its
 * heartbeats and lease renewals, `idleMsPerSecond` measured just before) over the same time.
 */
export function cpuPerThousandEvents({ cpuMs, seconds, idleMsPerSecond, events }) {
  if (!(events > 0)) throw new Error(`cpuPerThousandEvents: events must be above 0, got ${events}`);
  const busy = Math.max(0, cpuMs - idleMsPerSecond * seconds);
  return { total: (cpuMs * 1000) / events, lessIdle: (busy * 1000) / events };
}

/** Discord's snowflake epoch (2015-01-01), ms: a snowflake holds ms since it, shifted by 22 bits. */
const DISCORD_EPOCH_MS = 1_420_070_400_000n;

/**
 * `count` guild ids made as Discord makes them, one millisecond apart from `firstMs` (a Unix time),
 * so `(id >> 22) % shards` spreads them evenly over any shard count, as Discord's own do.
 */
export function guildIds(count, firstMs = Date.UTC(2021, 0, 1)) {
  if (!Number.isInteger(count) || count < 1) throw new Error(`guildIds: count must be 1 or more`);
  const first = BigInt(firstMs) - DISCORD_EPOCH_MS;
  return Array.from({ length: count }, (_, k) => ((first + BigInt(k)) << 22n).toString());
}

/** The shard that holds `guildId` among `shards` (Discord's formula). */
export function shardOf(guildId, shards) {
  return Number((BigInt(guildId) >> 22n) % BigInt(shards));
}

/** Discord's recommended shard count: one per 1,000 servers (at least one). */
export function recommendedShards(guilds) {
  return Math.max(1, Math.ceil(guilds / 1000));
}
