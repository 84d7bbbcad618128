import type { FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import type { GuildRecord } from '../store/discordState';

/** a Discord id, as the control routes take them (17–20 digits) */
export const SNOWFLAKE = /^\d{17,20}$/;

/** A control route's refusal: `{ error, message }` with `status`. */
export const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message });

/** The server `guildId` names; else a 404 is sent and there is none. */
export function guildOr404(
  ctx: EmulatorContext,
  guildId: string,
  reply: FastifyReply,
): GuildRecord | undefined {
  const guild = ctx.store.discord.guilds.get(guildId);
  if (!guild) refuse(reply, 404, 'not_found', `There is no server ${guildId}.`);
  return guild;
}

/**
 * The server `guildId` names, once it and the route's other id are Discord ids: else a 400 with
 * `invalidIds` (the route's own words) or a 404 is sent and there is none.
 */
export function guildOfIds(
  ctx: EmulatorContext,
  ids: { guildId: string; otherId: string; invalidIds: string },
  reply: FastifyReply,
): GuildRecord | undefined {
  if (!SNOWFLAKE.test(ids.guildId) || !SNOWFLAKE.test(ids.otherId)) {
    refuse(reply, 400, 'invalid_id', ids.invalidIds);
    return undefined;
  }
  return guildOr404(ctx, ids.guildId, reply);
}
