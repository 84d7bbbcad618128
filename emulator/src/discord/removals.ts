import type { EmulatorContext } from '../context';
import { dispatchBanChange, dispatchMemberRemove } from '../gateway/events';
import { AuditAction, type GuildRecord } from '../store/discordState';

/**
 * Kicks, bans and unbans as Discord carries them out once they are allowed: the member leaves the
 * guild's state, the ban is kept, the gateway hears of it and the audit log records who did it
 * and why. The REST routes (bot) and the control routes (the server's staff) both come here.
 * Each answers how many gateway sessions the events reached.
 */

export function kickMember(
  ctx: EmulatorContext,
  guild: GuildRecord,
  userId: string,
  actorId: string,
  reason: string | null,
): number {
  if (!ctx.store.discord.removeMember(guild, userId)) return 0;
  ctx.store.discord.audit(guild, {
    action_type: AuditAction.MemberKick,
    user_id: actorId,
    target_id: userId,
    reason,
  });
  return dispatchMemberRemove(ctx, guild, userId);
}

/** A second ban of a banned user changes nothing (its first reason stays). */
export function banUser(
  ctx: EmulatorContext,
  guild: GuildRecord,
  userId: string,
  actorId: string,
  reason: string | null,
): number {
  if (guild.bans.has(userId)) return 0;
  guild.bans.set(userId, { user_id: userId, reason });
  const wasMember = ctx.store.discord.removeMember(guild, userId);
  ctx.store.discord.audit(guild, {
    action_type: AuditAction.MemberBanAdd,
    user_id: actorId,
    target_id: userId,
    reason,
  });
  return (
    (wasMember ? dispatchMemberRemove(ctx, guild, userId) : 0) +
    dispatchBanChange(ctx, guild, userId, 'GUILD_BAN_ADD')
  );
}

/** false when the user was not banned */
export function unbanUser(
  ctx: EmulatorContext,
  guild: GuildRecord,
  userId: string,
  actorId: string,
  reason: string | null,
): { unbanned: boolean; dispatched: number } {
  if (!guild.bans.delete(userId)) return { unbanned: false, dispatched: 0 };
  ctx.store.discord.audit(guild, {
    action_type: AuditAction.MemberBanRemove,
    user_id: actorId,
    target_id: userId,
    reason,
  });
  return { unbanned: true, dispatched: dispatchBanChange(ctx, guild, userId, 'GUILD_BAN_REMOVE') };
}
