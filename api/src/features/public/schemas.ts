import Type from 'typebox';
import { Ok, errors } from '../../lib/schemas';

export const BotStatsSchema = Type.Object(
  {
    total_users: Type.Integer({ description: 'people who signed in' }),
    total_servers: Type.Integer({ description: 'servers the bot is in' }),
  },
  { additionalProperties: false },
);
export const HealthSchema = Type.Object(
  {
    status: Type.Enum(['ok', 'degraded']),
    database: Type.Enum(['ok', 'unavailable']),
    redis: Type.Enum(['ok', 'unavailable', 'not_configured']),
    jobs: Type.Enum(['ok', 'unavailable', 'off']),
  },
  { additionalProperties: false },
);

export const botStatsRoute = {
  tags: ['public'],
  summary: 'Real user and server counts',
  response: { 200: Ok(BotStatsSchema), ...errors() },
};
export const healthRoute = {
  tags: ['public'],
  summary: 'Liveness and database status',
  response: { 200: Ok(HealthSchema), 503: Ok(HealthSchema), ...errors() },
};
