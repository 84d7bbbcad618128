import { registeredCounter } from '../../../lib/metrics';

/** Members handled by server-wide updates, by outcome (429s are in discord_rate_limited_total). */
export const memberUpdateMembers = registeredCounter(
  'member_update_members_total',
  'Members handled by server-wide member updates, by outcome',
  ['outcome'],
);
