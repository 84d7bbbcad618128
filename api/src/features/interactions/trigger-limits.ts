import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { Settings } from '../../config';
import type { Interaction } from './interaction';

const MINUTE_MS = 60_000;

/**
 * The limits on what makes the bot read Roblox for a member (the Verify button, `/verify`,
 * `/update`): per member, and per server (all its members together), a minute each
 * (INTERACTION_MEMBER_RATE_LIMIT_MAX, INTERACTION_SERVER_RATE_LIMIT_MAX). Without them one
 * member pressing Verify in a loop spends the replica's Roblox budget (docs/security.md › T4).
 * Counted in the rate limiter's store, so in Redis (shared by the replicas) when it answers.
 * Answers the sentence to reply with when a limit is hit, else null.
 */
export function triggerLimits(app: FastifyInstance, settings: Settings) {
  const perMember = app.createRateLimit({
    max: settings.interactionMemberRateLimitMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `interaction-member-${who(req)}`,
  });
  const perServer = app.createRateLimit({
    max: settings.interactionServerRateLimitMax,
    timeWindow: MINUTE_MS,
    keyGenerator: (req) => `interaction-server-${where(req)}`,
  });
  const wait = (seconds: number) =>
    `${Math.max(1, seconds)} second${Math.max(1, seconds) === 1 ? '' : 's'}`;
  return async (request: FastifyRequest, interaction: Interaction): Promise<string | null> => {
    asked.set(request, interaction);
    const member = await perMember(request);
    if (!member.isAllowed && member.isExceeded)
      return `You're doing that too often. Try again in ${wait(member.ttlInSeconds)}.`;
    // outside a server (a DM) there is no server budget to share
    if (!where(request)) return null;
    const server = await perServer(request);
    if (!server.isAllowed && server.isExceeded)
      return `Too many members of this server are verifying right now. Try again in ${wait(server.ttlInSeconds)}.`;
    return null;
  };
}

/** the interaction each request carries, for the key generators (they are given the request) */
const asked = new WeakMap<FastifyRequest, Interaction>();
const who = (req: FastifyRequest) => {
  const i = asked.get(req);
  return i?.member?.user.id ?? i?.user?.id ?? '';
};
const where = (req: FastifyRequest) => asked.get(req)?.guild_id ?? '';
