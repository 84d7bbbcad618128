import { Type } from 'typebox';
import { Ok, errors } from './common';

export const BotStatsSchema = Type.Object(
  {
    total_users: Type.Integer({ description: 'people who signed in' }),
    total_servers: Type.Integer({ description: 'servers the bot is in' }),
  },
  { additionalProperties: false },
);
export const HealthSchema = Type.Object(
  {
    status: Type.Enum(['ok', 'degraded', 'unavailable'], {
      description:
        'ok: every part answers; degraded: ready, but Redis does not answer (limits count per replica) or Discord refuses the gateway; unavailable: not ready (503)',
    }),
    database: Type.Enum(['ok', 'unavailable']),
    redis: Type.Enum(['ok', 'degraded', 'not_configured'], {
      description: "degraded: Redis does not answer and rate limits count in this replica's memory",
    }),
    jobs: Type.Enum(['ok', 'unavailable', 'off']),
    gateway: Type.String({
      description:
        'the gateway worker, across every process: ok; off (no worker holds a shard); "refused — <what to do>" after Discord closed it for good; "waiting — …" while the daily session start limit is used up',
    }),
  },
  { additionalProperties: false },
);
export const LivenessSchema = Type.Object(
  { status: Type.Literal('ok') },
  { additionalProperties: false },
);

export const botStatsRoute = {
  tags: ['public'],
  summary: 'Real user and server counts',
  response: { 200: Ok(BotStatsSchema), ...errors() },
};
export const healthRoute = {
  tags: ['public'],
  summary:
    'Readiness: 200 while the database answers (Redis down is degraded, still ready), else 503',
  response: { 200: Ok(HealthSchema), 503: Ok(HealthSchema), ...errors() },
};
// The probes are the operator's, like /metrics: out of the browser's contract and the OpenAPI document
export const readinessRoute = { ...healthRoute, hide: true };
export const livenessRoute = {
  hide: true,
  summary: 'Liveness: 200 while the process serves requests; asks no dependency',
  response: { 200: Ok(LivenessSchema), ...errors() },
};
