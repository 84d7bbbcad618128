import { GatewayDispatchEvents, type GatewayDispatchPayload } from 'discord-api-types/v10';
import type { MemberEvent } from '../features/member-events/events';

/** A dispatch the worker hands on: the event, and what makes it the same event when replayed. */
export interface MemberEventJob {
  event: MemberEvent;
  dedupKey: string;
}

/**
 * GUILD_MEMBER_ADD → a join, GUILD_MEMBER_REMOVE → a leave; every other dispatch (and bots, which
 * never verify) → null. Nothing of the member is kept beyond its ids and the time.
 *
 * Events of one member are ordered by when they arrived here (`at`), one clock for joins and
 * leaves: Discord's `joined_at` is another machine's clock, and a leave has no time of its own.
 * The dedup key of a join is its `joined_at`, the same in every session that delivers it; a leave's
 * is the session and sequence number it came with, which a resume's replay repeats.
 */
export function memberEventOf(
  payload: GatewayDispatchPayload,
  session: { sessionId: string | null; receivedAt: Date },
): MemberEventJob | null {
  if (payload.t === GatewayDispatchEvents.GuildMemberAdd) {
    const { guild_id: guildId, user, joined_at: joinedAt } = payload.d;
    if (!user || user.bot) return null;
    const at = session.receivedAt.toISOString();
    return {
      event: { kind: 'join', guildId, userId: user.id, at },
      dedupKey: `join|${guildId}|${user.id}|${validTime(joinedAt) ?? `${session.sessionId}|${payload.s}`}`,
    };
  }
  if (payload.t === GatewayDispatchEvents.GuildMemberRemove) {
    const { guild_id: guildId, user } = payload.d;
    if (!user || user.bot) return null;
    return {
      event: { kind: 'leave', guildId, userId: user.id, at: session.receivedAt.toISOString() },
      dedupKey: `leave|${guildId}|${user.id}|${session.sessionId ?? 'none'}|${payload.s}`,
    };
  }
  return null;
}

function validTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
