import type { EmulatorContext } from '../context';
import { sortedRoles } from '../views';

/**
 * A JSON snapshot for tests and people: who has which roles and nickname, who is banned, the
 * kicks and bans of the audit log, every DM and channel message sent, the Roblox users with their badges and inventories, Linked Roles data and the
 * gateway's sessions.
 */
export function snapshot(ctx: EmulatorContext) {
  const { discord, roblox } = ctx.store;
  return {
    discord: {
      bot_user_id: ctx.config.botUserId,
      last_signed_in_user_id: ctx.store.lastDiscordUserId ?? null,
      users: [...discord.users.values()].filter((u) => !u.bot),
      guilds: [...discord.guilds.values()].map((g) => ({
        id: g.id,
        name: g.name,
        owner_id: g.owner_id,
        bot_present: g.bot_present,
        bot_highest_role_position: discord.highestPosition(g, ctx.config.botUserId),
        roles: sortedRoles(g).map((r) => ({
          id: r.id,
          name: r.name,
          position: r.position,
          managed: r.managed,
          permissions: r.permissions,
        })),
        members: [...g.members.values()].map((m) => ({
          user_id: m.user_id,
          username: discord.users.get(m.user_id)?.username ?? null,
          nick: m.nick,
          permissions: m.permissions,
          roles: [...m.roles],
          role_names: m.roles.map((id) => g.roles.find((r) => r.id === id)?.name ?? id),
        })),
        bans: [...g.bans.values()]
          .sort((a, b) => a.user_id.length - b.user_id.length || a.user_id.localeCompare(b.user_id))
          .map((b) => ({
            user_id: b.user_id,
            username: discord.users.get(b.user_id)?.username ?? null,
            reason: b.reason,
          })),
        audit_log: g.audit_log.map((e) => ({ ...e })),
        channels: g.channels.map((c) => ({
          id: c.id,
          name: c.name,
          type: c.type,
          bot_can_send: c.bot_can_send,
          message_count: c.message_count,
          messages: c.messages.map((m) => ({ ...m })),
        })),
      })),
      dms: discord.dms.map((dm) => ({
        ...dm,
        recipient_username: discord.users.get(dm.recipient_id)?.username ?? null,
      })),
    },
    roblox: {
      users: [...roblox.users.values()],
      groups: [...roblox.groups.values()],
      badges: [...roblox.badges.values()],
      gamepasses: [...roblox.gamepasses.values()],
      assets: [...roblox.assets.values()],
    },
    role_connections: {
      metadata: ctx.roleConnectionMetadata,
      users: [...discord.roleConnections].map(([userId, c]) => ({ user_id: userId, ...c })),
    },
    gateway: ctx.gateway.snapshot(),
    faults: ctx.faults.list(),
  };
}
