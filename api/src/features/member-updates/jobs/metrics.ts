import { Counter } from 'prom-client';
import { metricsRegistry } from '../../../lib/metrics';

/** Members handled by server-wide updates, by outcome (429s are in discord_rate_limited_total). */
export const memberUpdateMembers = new Counter({
  name: 'member_update_members_total',
  help: 'Members handled by server-wide member updates, by outcome',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
