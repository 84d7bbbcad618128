import type { Seed, SeedDiscordGuild } from '../seed/types';
import { createSnowflakeFactory } from './snowflake';

export interface DiscordUserRecord {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  bot: boolean;
  accepts_dms: boolean;
}

export interface RoleRecord {
  id: string;
  name: string;
  position: number;
  managed: boolean;
  permissions: string;
  /** set on the bot's own integration role */
  bot_id?: string;
}

export interface MemberRecord {
  user_id: string;
  permissions: string;
  nick: string | null;
  roles: string[];
  joined_at: string;
}

/** A message the bot posted in a guild channel (what the emulator keeps of it). */
export interface MessageRecord {
  id: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  sent_at: string;
  /** when the bot last edited it (Edit Message); absent: never */
  edited_at?: string;
}

export interface ChannelRecord {
  id: string;
  guild_id: string;
  name: string;
  type: number;
  position: number;
  /** false: the bot's posts fail with 50013 Missing Permissions (seed flag or control endpoint) */
  bot_can_send: boolean;
  /** the latest messages, oldest first (at most MESSAGES_KEPT_PER_CHANNEL) */
  messages: MessageRecord[];
  /** every message posted since the last reset, kept or not */
  message_count: number;
}

/** What a user's account on the platform says, for Linked Roles (PUT …/role-connection). */
export interface RoleConnectionRecord {
  platform_name: string | null;
  platform_username: string | null;
  metadata: Record<string, string>;
  updated_at: string;
}

/** enough to check what the bot posted, without growing without bound on long runs */
export const MESSAGES_KEPT_PER_CHANNEL = 200;

/** A guild ban (Discord's ban object keeps the reason and the user). */
export interface BanRecord {
  user_id: string;
  reason: string | null;
}

/** Discord's audit log action types for the removals the emulator records */
export const AuditAction = { MemberKick: 20, MemberBanAdd: 22, MemberBanRemove: 23 } as const;

/**
 * One entry of the guild's audit log, in Discord's shape: who did it (`user_id`: the bot for its
 * REST calls, the owner for the control routes), to whom, and the `X-Audit-Log-Reason` given.
 */
export interface AuditLogEntry {
  id: string;
  action_type: (typeof AuditAction)[keyof typeof AuditAction];
  user_id: string;
  target_id: string;
  reason: string | null;
}

/** the latest audit entries a guild keeps: a load run may kick thousands */
export const AUDIT_ENTRIES_KEPT = 1000;

/** A guild as the emulator holds it: the seed's fields, the lists kept by id where looked up. */
export interface GuildRecord extends Pick<
  SeedDiscordGuild,
  'id' | 'name' | 'icon' | 'owner_id' | 'bot_present' | 'bot_role_position'
> {
  roles: RoleRecord[];
  members: Map<string, MemberRecord>;
  member_count?: number;
  channels: ChannelRecord[];
  /** 1 = server-wide 2FA for moderation: elevated bot actions need the app owner's 2FA (60003) */
  mfa_level: 0 | 1;
  /** user id → their ban */
  bans: Map<string, BanRecord>;
  /** the kicks, bans and unbans since the last reset, oldest first (at most AUDIT_ENTRIES_KEPT) */
  audit_log: AuditLogEntry[];
}

export interface DmRecord {
  recipient_id: string;
  channel_id: string;
  content: string;
  sent_at: string;
}

export interface DiscordIdentity {
  botUserId: string;
  botUsername: string;
}

export const ALL_PERMISSIONS = ((1n << 51n) - 1n).toString();
export const BOT_INVITE_DEFAULT_PERMISSIONS = '402720768';

export class DiscordState {
  readonly users = new Map<string, DiscordUserRecord>();
  readonly guilds = new Map<string, GuildRecord>();
  readonly dms: DmRecord[] = [];
  /** DM channel id → recipient user id */
  readonly dmChannels = new Map<string, string>();
  /** guild channel id → its channel */
  readonly channels = new Map<string, ChannelRecord>();
  /** user id → their Linked Roles connection for this application */
  readonly roleConnections = new Map<string, RoleConnectionRecord>();
  readonly newId = createSnowflakeFactory();

  constructor(
    seed: Seed['discord'],
    readonly identity: DiscordIdentity,
  ) {
    this.users.set(identity.botUserId, {
      id: identity.botUserId,
      username: identity.botUsername,
      global_name: null,
      avatar: null,
      bot: true,
      accepts_dms: false,
    });
    for (const u of seed.users) {
      this.users.set(u.id, {
        id: u.id,
        username: u.username,
        global_name: u.global_name ?? null,
        avatar: u.avatar ?? null,
        bot: false,
        accepts_dms: u.accepts_dms !== false,
      });
    }
    for (const g of seed.guilds) {
      const guild: GuildRecord = {
        id: g.id,
        name: g.name,
        icon: g.icon ?? null,
        owner_id: g.owner_id,
        bot_present: false,
        bot_role_position: g.bot_role_position ?? 10,
        roles: [],
        members: new Map(),
        member_count: g.member_count,
        channels: [],
        mfa_level: g.mfa_level ?? 0,
        bans: new Map(),
        audit_log: [],
      };
      for (const b of g.bans ?? [])
        guild.bans.set(b.user_id, { user_id: b.user_id, reason: b.reason ?? null });
      const seededChannels = g.channels ?? [];
      const channels = seededChannels.length
        ? seededChannels
        : [{ id: g.id, name: 'general', type: 0, bot_can_send: true }];
      channels.forEach((c, position) => {
        const channel: ChannelRecord = {
          id: c.id,
          guild_id: g.id,
          name: c.name,
          type: c.type,
          position,
          bot_can_send: c.bot_can_send !== false,
          messages: [],
          message_count: 0,
        };
        guild.channels.push(channel);
        this.channels.set(channel.id, channel);
      });
      if (!(g.roles ?? []).some((r) => r.id === g.id)) {
        guild.roles.push({
          id: g.id,
          name: '@everyone',
          position: 0,
          managed: false,
          permissions: '104324673',
        });
      }
      for (const r of g.roles ?? []) {
        guild.roles.push({
          id: r.id,
          name: r.name,
          position: r.position,
          managed: r.managed === true,
          permissions: r.permissions ?? '0',
        });
      }
      for (const m of g.members ?? []) {
        guild.members.set(m.user_id, {
          user_id: m.user_id,
          permissions: m.permissions ?? '0',
          nick: m.nick ?? null,
          roles: [...(m.roles ?? [])],
          joined_at: '2024-01-01T00:00:00.000Z',
        });
      }
      if (!guild.members.has(g.owner_id)) {
        guild.members.set(g.owner_id, {
          user_id: g.owner_id,
          permissions: ALL_PERMISSIONS,
          nick: null,
          roles: [],
          joined_at: '2024-01-01T00:00:00.000Z',
        });
      }
      this.guilds.set(guild.id, guild);
      if (g.bot_present) this.addBot(guild, BOT_INVITE_DEFAULT_PERMISSIONS);
    }
  }

  /** Puts the bot in the guild with its managed role at the guild's bot_role_position. */
  addBot(guild: GuildRecord, permissions: string): void {
    const botId = this.identity.botUserId;
    if (guild.bot_present && guild.members.has(botId)) return;
    let role = guild.roles.find((r) => r.bot_id === botId);
    if (!role) {
      role = {
        id: this.newId(),
        name: this.identity.botUsername,
        position: guild.bot_role_position,
        managed: true,
        permissions,
        bot_id: botId,
      };
      guild.roles.push(role);
    }
    guild.bot_present = true;
    guild.members.set(botId, {
      user_id: botId,
      permissions,
      nick: null,
      roles: [role.id],
      joined_at: new Date().toISOString(),
    });
  }

  /** The member leaves the guild (kicked, banned or gone); false when they were not in it. */
  removeMember(guild: GuildRecord, userId: string): boolean {
    if (!guild.members.delete(userId)) return false;
    if (guild.member_count !== undefined) guild.member_count = Math.max(0, guild.member_count - 1);
    return true;
  }

  audit(guild: GuildRecord, entry: Omit<AuditLogEntry, 'id'>): void {
    guild.audit_log.push({ id: this.newId(), ...entry });
    if (guild.audit_log.length > AUDIT_ENTRIES_KEPT)
      guild.audit_log.splice(0, guild.audit_log.length - AUDIT_ENTRIES_KEPT);
  }

  highestPosition(guild: GuildRecord, userId: string): number {
    const member = guild.members.get(userId);
    if (!member) return 0;
    let best = 0;
    for (const id of member.roles) {
      const role = guild.roles.find((r) => r.id === id);
      if (role && role.position > best) best = role.position;
    }
    return best;
  }

  /** owner, or Administrator (0x8), or Manage Server (0x20) */
  canManage(guild: GuildRecord, userId: string): boolean {
    if (guild.owner_id === userId) return true;
    const member = guild.members.get(userId);
    if (!member) return false;
    return (BigInt(member.permissions) & 0x28n) !== 0n;
  }

  memberPermissions(guild: GuildRecord, userId: string): string {
    if (guild.owner_id === userId) return ALL_PERMISSIONS;
    return guild.members.get(userId)?.permissions ?? '0';
  }

  memberCount(guild: GuildRecord): number {
    return guild.member_count ?? guild.members.size;
  }
}
