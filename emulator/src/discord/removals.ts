import type { EmulatorContext } from '../context';
import { dispatchBanChange, dispatchMemberRemove } from '../gateway/events';
import { AuditAction, type GuildRecord } from '../store/discordState';

/**
 * Kicks, bans and unbans as Discord carries them out once they are allowed: the member leaves the
 * guild's state, the ban is kept, the gateway hears of it and the audit log records who did it
 * and why. The REST routes (bot) and the control routes (the server's staff) both come here.
 * Each answers how many gateway sessions the events reached.
 */

/** `actorId` removes `userId` from `guild` (or lifts their ban), for `reason` */
type Removal<Result> = (
  ctx: EmulatorContext,
  guild: GuildRecord,
  userId: string,
  actorId: string,
  reason: string | null,
) => Result;

/** The guild's audit log records who removed whom, and why. */
function audit(
  ctx: EmulatorContext,
  guild: GuildRecord,
  action: (typeof AuditAction)[keyof typeof AuditAction],
  actorId: string,
  targetId: string,
  reason: string | null,
) {
  ctx.store.discord.audit(guild, {
    action_type: action,
    user_id: actorId,
    target_id: targetId,
    reason,
  });
}

export const kickMember: Removal<number> = (ctx, guild, userId, actorId, reason) => {
  if (!ctx.store.discord.removeMember(guild, userId)) return 0;
  audit(ctx, guild, AuditAction.MemberKick, actorId, userId, reason);
  return dispatchMemberRemove(ctx, guild, userId);
};

/** A second ban of a banned user changes nothing (its first reason stays). */
export const banUser: Removal<number> = (ctx, guild, userId, actorId, reason) => {
  if (guild.bans.has(userId)) return 0;
  guild.bans.set(userId, { user_id: userId, reason });
  const wasMember = ctx.store.discord.removeMember(guild, userId);
  audit(ctx, guild, AuditAction.MemberBanAdd, actorId, userId, reason);
  return (
    (wasMember ? dispatchMemberRemove(ctx, guild, userId) : 0) +
    dispatchBanChange(ctx, guild, userId, 'GUILD_BAN_ADD')
  );
};

/** false when the user was not banned */
export const unbanUser: Removal<{ unbanned: boolean; dispatched: number }> = (
  ctx,
  guild,
  userId,
  actorId,
  reason,
) => {
  if (!guild.bans.delete(userId)) return { unbanned: false, dispatched: 0 };
  audit(ctx, guild, AuditAction.MemberBanRemove, actorId, userId, reason);
  return { unbanned: true, dispatched: dispatchBanChange(ctx, guild, userId, 'GUILD_BAN_REMOVE') };
};
