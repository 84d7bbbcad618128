import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOfIds, refuse } from './refusals';
import { banUser, unbanUser } from '../discord/removals';

/** Discord's audit log reason: 1–512 characters */
const REASON_MAX = 512;

type BanParams = { Params: { guildId: string; userId: string } };

/** `{reason?}`: the reason, null without one, or an error text */
function readReason(body: unknown): string | null | { error: string } {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'object' || Array.isArray(body))
    return { error: 'send a JSON object {reason?}' };
  const { reason, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return { error: `body.${extra} is not allowed` };
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string' || reason.length === 0 || reason.length > REASON_MAX)
    return { error: `body.reason must be a string of 1 to ${REASON_MAX} characters, or null` };
  return reason;
}

/**
 * `PUT /__emulator/guilds/{guild_id}/bans/{user_id}` `{reason?}`: the server's staff ban a user of
 * the seed, as in Discord's client (a member is removed; the audit log names the owner);
 * `DELETE …`: they lift it. The gateway hears of both as it would of the bot's own bans.
 */
export function registerBanControl(app: FastifyInstance, ctx: EmulatorContext): void {
  const target = (
    request: { params: { guildId: string; userId: string } },
    reply: FastifyReply,
  ) => {
    const { guildId, userId } = request.params;
    const guild = guildOfIds(
      ctx,
      {
        guildId,
        otherId: userId,
        invalidIds: 'guild_id and user_id must be Discord ids (17–20 digits)',
      },
      reply,
    );
    return guild && { guild, userId };
  };

  app.put<BanParams>('/__emulator/guilds/:guildId/bans/:userId', async (request, reply) => {
    const found = target(request, reply);
    if (!found) return reply;
    const { guild, userId } = found;
    const reason = readReason(request.body);
    if (reason !== null && typeof reason === 'object')
      return refuse(reply, 400, 'invalid_ban', reason.error);
    const user = ctx.store.discord.users.get(userId);
    if (!user) return refuse(reply, 404, 'not_found', `There is no user ${userId} in the seed.`);
    if (user.bot)
      return refuse(reply, 400, 'invalid_ban', 'The bot leaves a server only when it is removed.');
    if (userId === guild.owner_id)
      return refuse(reply, 400, 'invalid_ban', 'Nobody can ban the owner of a server.');
    if (guild.bans.has(userId))
      return refuse(
        reply,
        409,
        'already_banned',
        `User ${userId} is already banned from ${guild.name}.`,
      );
    const wasMember = guild.members.has(userId);
    const dispatched = banUser(ctx, guild, userId, guild.owner_id, reason);
    return {
      user_id: userId,
      reason,
      removed_member: wasMember,
      member_count: ctx.store.discord.memberCount(guild),
      dispatched,
    };
  });

  app.delete<BanParams>('/__emulator/guilds/:guildId/bans/:userId', async (request, reply) => {
    const found = target(request, reply);
    if (!found) return reply;
    const { guild, userId } = found;
    const { unbanned, dispatched } = unbanUser(ctx, guild, userId, guild.owner_id, null);
    if (!unbanned)
      return refuse(reply, 404, 'not_found', `User ${userId} is not banned from ${guild.name}.`);
    return { user_id: userId, unbanned: true, dispatched };
  });
}
