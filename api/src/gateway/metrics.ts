import { Gauge } from 'prom-client';
import { metricsRegistry, registeredCounter } from '../lib/metrics';

/** Joins and leaves the gateway handed to the job engine; `queued` false: a replay already queued. */
export const gatewayMemberEvents = registeredCounter(
  'gateway_member_events_total',
  'Member joins and leaves received on the gateway, by kind and whether they were queued',
  ['kind', 'queued'],
);

/** Connections Discord closed for good (4004, 4010–4014): the worker stops identifying that shard. */
export const gatewayFatalCloses = registeredCounter(
  'roconnect_gateway_fatal_closes_total',
  'Gateway connections Discord closed for good (4004, 4010-4014), by close code',
  ['code'],
);

/** the gateway workers of this process (one, but for tests), read at each scrape */
const workers = new Set<() => { held: number; ready: number }>();

/** Counts a worker's shards in gateway_shards until the returned function is called. */
export function countShards(read: () => { held: number; ready: number }): () => void {
  workers.add(read);
  return () => workers.delete(read);
}

/** Shards this process holds, and of those the ones whose events flow (identified or resumed). */
export const gatewayShards = new Gauge({
  name: 'gateway_shards',
  help: 'Gateway shards held by this process, by state (held, ready)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    let held = 0;
    let ready = 0;
    for (const read of workers) {
      const counts = read();
      held += counts.held;
      ready += counts.ready;
    }
    this.set({ state: 'held' }, held);
    this.set({ state: 'ready' }, ready);
  },
});
