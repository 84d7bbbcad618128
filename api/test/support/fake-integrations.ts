import {
  IntegrationError,
  type DiscordChannel,
  type DiscordGuild,
  type DiscordOutgoingMessage,
  type DiscordMember,
  type DiscordRole,
  type DiscordUser,
  type Integrations,
  type RobloxGroupRole,
  type RoleConnectionMetadataRecord,
  type RoleConnectionValues,
  type RobloxUserInfo,
} from '../../src/integrations/types';

/** A hand-made, in-memory Discord + Roblox for route tests (the real emulator is used in flow tests). */
export interface FakeGuild {
  id: string;
  name: string;
  icon: string | null;
  ownerId: string;
  botPresent: boolean;
  botTop: number;
  /** the bot's own (managed) role, when a test models it: then it decides botTop and the bot's permissions */
  botRoleId?: string;
  roles: DiscordRole[];
  members: Map<string, { permissions: string; nick: string | null; roles: string[] }>;
  /** without it the guild has one text channel `general` whose id is the guild's id */
  channels?: DiscordChannel[];
}

export interface FakeWorld {
  discordUsers: Map<string, DiscordUser>;
  guilds: Map<string, FakeGuild>;
  robloxUsers: Map<string, RobloxUserInfo>;
  groups: Map<string, { name: string; roles: RobloxGroupRole[]; members: Map<string, number> }>;
  /** badges, game passes and catalog items by `kind:id` → name */
  robloxItems: Map<string, string>;
  /** per Roblox user: badges awarded, `gamepass:id`/`asset:id` owned, a private inventory, creation */
  robloxHoldings: Map<
    string,
    { badges: Set<string>; owned: Set<string>; inventoryPrivate: boolean; created?: Date }
  >;
  dms: { userId: string; content: string }[];
  /** messages the bot posted in guild channels (a deleted one leaves; an edit changes it) */
  posts: { id?: string; channelId: string; message: DiscordOutgoingMessage }[];
  /** `guildId:userId` of each ban */
  bans: Set<string>;
  /** channel ids where Discord refuses the bot's posts with 50013 */
  refusedChannels: Set<string>;
  refusesDm: Set<string>;
  /** Discord refresh tokens that Discord no longer accepts */
  revokedRefresh: Set<string>;
  /** role ids whose assignment Discord refuses with 50013 */
  refusedRoles: Set<string>;
  /** user ids Discord refuses to kick or ban with 50013 (their top role is above the bot's) */
  refusedKicks: Set<string>;
  /** user ids whose nickname Discord refuses with 50013 (their top role is above the bot's) */
  refusedNicknames: Set<string>;
  /** access tokens Discord treats as expired (401) */
  expiredAccess: Set<string>;
  calls: string[];
  /** Linked Roles: the application's metadata records (null before any), each PUT of them, and each user's values */
  roleConnections: {
    metadata: RoleConnectionMetadataRecord[] | null;
    metadataPuts: number;
    users: Map<string, RoleConnectionValues>;
  };
  nextId: bigint;
  tokenCounter: number;
  robloxConfigured: boolean;
  lastPkce: { state: string; challenge: string } | null;
  verifiersSeen: string[];
}

export function createWorld(): FakeWorld {
  return {
    discordUsers: new Map(),
    guilds: new Map(),
    robloxUsers: new Map(),
    groups: new Map(),
    robloxItems: new Map(),
    robloxHoldings: new Map(),
    dms: [],
    posts: [],
    bans: new Set(),
    refusedChannels: new Set(),
    refusesDm: new Set(),
    revokedRefresh: new Set(),
    refusedRoles: new Set(),
    refusedNicknames: new Set(),
    refusedKicks: new Set(),
    expiredAccess: new Set(),
    calls: [],
    roleConnections: { metadata: null, metadataPuts: 0, users: new Map() },
    nextId: 140000000000000001n,
    tokenCounter: 0,
    robloxConfigured: true,
    lastPkce: null,
    verifiersSeen: [],
  };
}

const err = (kind: IntegrationError['kind'], message: string, code?: number, status?: number) =>
  new IntegrationError('discord', kind, message, code, status);

export function addUser(
  world: FakeWorld,
  id: string,
  username: string,
  globalName: string | null = null,
): DiscordUser {
  const user = { id, username, global_name: globalName, avatar: null };
  world.discordUsers.set(id, user);
  return user;
}

/** A Roblox account the fake Roblox sign-in knows (its userinfo). */
export function addRobloxUser(
  world: FakeWorld,
  id: string,
  username: string,
  name: string,
  picture: string | null = null,
): void {
  world.robloxUsers.set(id, { sub: id, preferred_username: username, name, picture });
}

/** A Roblox group: its roles, and its members' ranks by Roblox id. */
export function addGroup(
  world: FakeWorld,
  id: string,
  name: string,
  roles: RobloxGroupRole[],
  ranks: Record<string, number>,
): void {
  world.groups.set(id, { name, roles, members: new Map(Object.entries(ranks)) });
}

/** A group's roles from their names and ranks, lowest first: the nth role's id is the group's and n. */
export function groupRoles(groupId: string, ranks: Record<string, number>): RobloxGroupRole[] {
  return Object.entries(ranks).map(([name, rank], i) => ({ id: `${groupId}${i}`, name, rank }));
}

export function addGuild(
  world: FakeWorld,
  g: Partial<FakeGuild> & { id: string; ownerId: string },
): FakeGuild {
  const guild: FakeGuild = {
    name: `Guild ${g.id.slice(-3)}`,
    icon: null,
    botPresent: true,
    botTop: 10,
    roles: [{ id: g.id, name: '@everyone', position: 0, managed: false, permissions: '104324673' }],
    members: new Map(),
    ...g,
  };
  world.guilds.set(guild.id, guild);
  return guild;
}

export function addMember(
  guild: FakeGuild,
  userId: string,
  permissions = '0',
  roles: string[] = [],
) {
  guild.members.set(userId, { permissions, nick: null, roles: [...roles] });
}

function issueTokens(world: FakeWorld, userId: string) {
  world.tokenCounter += 1;
  return {
    access_token: `at:${userId}:${world.tokenCounter}`,
    refresh_token: `rt:${userId}:${world.tokenCounter}`,
    expires_in: 604800,
    scope: 'identify guilds',
  };
}

function userOfAccess(world: FakeWorld, token: string): string {
  if (world.expiredAccess.has(token)) throw err('invalid_grant', '401: Unauthorized', 0, 401);
  const [kind, userId] = token.split(':');
  if (kind !== 'at' || !userId || !world.discordUsers.has(userId))
    throw err('invalid_grant', '401: Unauthorized', 0, 401);
  return userId;
}

/** The bot's highest position: its own role's when the test gave it one. */
function botTopOf(g: FakeGuild): number {
  const own = g.botRoleId ? g.roles.find((r) => r.id === g.botRoleId) : undefined;
  return own ? own.position : g.botTop;
}

/** Gives the bot a managed role at its current top position, carrying `permissions`. */
export function giveBotRole(world: FakeWorld, guild: FakeGuild, permissions: string): DiscordRole {
  world.nextId += 1n;
  const role = {
    id: String(world.nextId),
    name: 'RoConnect',
    position: guild.botTop,
    managed: true,
    permissions,
  };
  guild.roles.push(role);
  guild.botRoleId = role.id;
  return role;
}

function guildOf(world: FakeWorld, guildId: string): FakeGuild {
  const g = world.guilds.get(guildId);
  if (!g || !g.botPresent) throw err('unknown_guild', 'Unknown Guild', 10004, 404);
  return g;
}

export function createFakeIntegrations(world: FakeWorld): Integrations {
  /** A kick or a ban takes the member out of the guild, unless the world refuses it for them. */
  const removeMember = (how: 'kick' | 'ban', guildId: string, userId: string) => {
    const g = guildOf(world, guildId);
    if (world.refusedKicks.has(userId))
      throw err('missing_permissions', 'Missing Permissions', 50013, 403);
    world.calls.push(`${how} ${guildId} ${userId}`);
    g.members.delete(userId);
  };
  return {
    discordOAuth: {
      loginUrl: (state) =>
        `https://discord.test/oauth2/authorize?scope=identify+guilds&state=${encodeURIComponent(state)}`,
      botInviteUrl: (state, guildId) =>
        `https://discord.test/oauth2/authorize?scope=bot&permissions=402738176&guild_id=${guildId}&state=${encodeURIComponent(state)}`,
      exchangeCode: async (code) => {
        world.calls.push(`exchangeCode ${code}`);
        // `code:<user>` is a login; `invite:<user>:<guild>` a bot authorization for that guild
        const [kind, userId, guildId] = code.split(':');
        if ((kind !== 'code' && kind !== 'invite') || !userId || !world.discordUsers.has(userId))
          throw err('invalid_grant', 'Invalid "code" in request.', 0, 400);
        const tokens = await issueTokens(world, userId);
        return kind === 'invite' && guildId ? { ...tokens, guild_id: guildId } : tokens;
      },
      refresh: async (refreshToken) => {
        world.calls.push('refresh');
        const [, userId] = refreshToken.split(':');
        if (world.revokedRefresh.has(refreshToken) || !userId)
          throw err('invalid_grant', 'invalid_grant', 0, 400);
        world.revokedRefresh.add(refreshToken);
        return issueTokens(world, userId);
      },
      revoke: async () => undefined,
      getCurrentUser: async (token) => world.discordUsers.get(userOfAccess(world, token))!,
      getCurrentUserGuilds: async (token) => {
        const userId = userOfAccess(world, token);
        world.calls.push(`guilds ${userId}`);
        return [...world.guilds.values()]
          .filter((g) => g.members.has(userId))
          .map((g) => ({
            id: g.id,
            name: g.name,
            icon: g.icon,
            owner: g.ownerId === userId,
            permissions: g.members.get(userId)!.permissions,
            approximate_member_count: g.members.size,
          }));
      },
    },
    discordBot: {
      getBotUserId: async () => '100000000000000001',
      getBotMember: async (guildId): Promise<DiscordMember | null> => {
        const g = guildOf(world, guildId);
        if (g.botRoleId) return { user_id: '100000000000000001', nick: null, roles: [g.botRoleId] };
        const m = g.members.get('100000000000000001');
        return m ? { user_id: '100000000000000001', nick: m.nick, roles: [...m.roles] } : null;
      },
      listBotGuildIds: async () => {
        world.calls.push('listBotGuildIds');
        return [...world.guilds.values()].filter((g) => g.botPresent).map((g) => g.id);
      },
      getGuild: async (guildId): Promise<DiscordGuild | null> => {
        const g = world.guilds.get(guildId);
        if (!g || !g.botPresent) return null;
        return {
          id: g.id,
          name: g.name,
          icon: g.icon,
          owner_id: g.ownerId,
          approximate_member_count: g.members.size,
        };
      },
      listRoles: async (guildId) => guildOf(world, guildId).roles.map((r) => ({ ...r })),
      getBotHighestRolePosition: async (guildId) => botTopOf(guildOf(world, guildId)),
      createRole: async (guildId, name) => {
        const g = guildOf(world, guildId);
        world.nextId += 1n;
        const role = {
          id: String(world.nextId),
          name,
          position: 1,
          managed: false,
          permissions: '0',
        };
        g.roles.push(role);
        return role;
      },
      getMember: async (guildId, userId): Promise<DiscordMember | null> => {
        const g = guildOf(world, guildId);
        if (userId === '100000000000000001' && g.botRoleId)
          return { user_id: userId, nick: null, roles: [g.botRoleId] };
        const m = g.members.get(userId);
        return m ? { user_id: userId, nick: m.nick, roles: [...m.roles] } : null;
      },
      addMemberRole: async (guildId, userId, roleId) => {
        const g = guildOf(world, guildId);
        const role = g.roles.find((r) => r.id === roleId);
        if (!role) throw err('unknown_role', 'Unknown Role', 10011, 404);
        if (world.refusedRoles.has(roleId) || role.position >= botTopOf(g))
          throw err('missing_permissions', 'Missing Permissions', 50013, 403);
        const m = g.members.get(userId);
        if (!m) throw err('unknown_member', 'Unknown Member', 10007, 404);
        if (!m.roles.includes(roleId)) m.roles.push(roleId);
      },
      removeMemberRole: async (guildId, userId, roleId) => {
        const m = guildOf(world, guildId).members.get(userId);
        if (!m) throw err('unknown_member', 'Unknown Member', 10007, 404);
        m.roles = m.roles.filter((r) => r !== roleId);
      },
      setMemberNickname: async (guildId, userId, nick) => {
        const g = guildOf(world, guildId);
        if (g.ownerId === userId || world.refusedNicknames.has(userId))
          throw err('missing_permissions', 'Missing Permissions', 50013, 403);
        if (nick && Array.from(nick).length > 32)
          throw err('unavailable', 'Invalid Form Body', 50035, 400);
        const m = g.members.get(userId);
        if (!m) throw err('unknown_member', 'Unknown Member', 10007, 404);
        m.nick = nick;
      },
      // Discord checks the whole edit first and applies all of it or none of it
      editMember: async (guildId, userId, changes) => {
        const g = guildOf(world, guildId);
        const m = g.members.get(userId);
        if (!m) throw err('unknown_member', 'Unknown Member', 10007, 404);
        if (changes.roles) {
          const before = new Set(m.roles);
          const after = new Set(changes.roles);
          const changed = [
            ...changes.roles.filter((id) => !before.has(id)),
            ...m.roles.filter((id) => !after.has(id)),
          ];
          for (const roleId of changed) {
            const role = g.roles.find((r) => r.id === roleId);
            if (!role) throw err('unknown_role', 'Unknown Role', 10011, 404);
            if (world.refusedRoles.has(roleId) || role.position >= botTopOf(g))
              throw err('missing_permissions', 'Missing Permissions', 50013, 403);
          }
        }
        if ('nick' in changes) {
          if (g.ownerId === userId || world.refusedNicknames.has(userId))
            throw err('missing_permissions', 'Missing Permissions', 50013, 403);
          if (changes.nick && Array.from(changes.nick).length > 32)
            throw err('unavailable', 'Invalid Form Body', 50035, 400);
        }
        world.calls.push(`editMember ${guildId} ${userId}`);
        if (changes.roles) m.roles = [...changes.roles];
        if ('nick' in changes) m.nick = changes.nick ?? null;
      },
      kickMember: async (guildId, userId) => removeMember('kick', guildId, userId),
      banMember: async (guildId, userId) => {
        removeMember('ban', guildId, userId);
        world.bans.add(`${guildId}:${userId}`);
      },
      isBanned: async (guildId, userId) => {
        guildOf(world, guildId);
        world.calls.push(`get ban ${guildId} ${userId}`);
        return world.bans.has(`${guildId}:${userId}`);
      },
      sendDirectMessage: async (userId, content) => {
        if (world.refusesDm.has(userId))
          throw err('cannot_dm', 'Cannot send messages to this user', 50007, 403);
        world.dms.push({ userId, content });
      },
      listChannels: async (guildId) => {
        const g = guildOf(world, guildId);
        return (
          g.channels ?? [
            { id: g.id, name: 'general', type: 0, position: 0, permission_overwrites: [] },
          ]
        ).map((c) => structuredClone(c));
      },
      postMessage: async (channelId, message) => {
        const known = [...world.guilds.values()].some((g) =>
          (g.channels ?? [{ id: g.id }]).some((c) => c.id === channelId),
        );
        if (!known) throw err('unknown_channel', 'Unknown Channel', 10003, 404);
        if (world.refusedChannels.has(channelId))
          throw err('missing_permissions', 'Missing Permissions', 50013, 403);
        world.nextId += 1n;
        const id = String(world.nextId);
        world.posts.push({ id, channelId, message: structuredClone(message) });
        return { id };
      },
      editMessage: async (channelId, messageId, message) => {
        const post = world.posts.find((p) => p.id === messageId && p.channelId === channelId);
        if (!post) throw err('unknown_message', 'Unknown Message', 10008, 404);
        if (world.refusedChannels.has(channelId))
          throw err('missing_permissions', 'Missing Permissions', 50013, 403);
        post.message = structuredClone(message);
        world.calls.push(`edit message ${channelId} ${messageId}`);
      },
      deleteMessage: async (channelId, messageId) => {
        const at = world.posts.findIndex((p) => p.id === messageId && p.channelId === channelId);
        if (at < 0) throw err('unknown_message', 'Unknown Message', 10008, 404);
        world.posts.splice(at, 1);
        world.calls.push(`delete message ${channelId} ${messageId}`);
      },
    },
    robloxOAuth: {
      get configured() {
        return world.robloxConfigured;
      },
      authorizeUrl: (state, challenge) => {
        world.lastPkce = { state, challenge };
        return `https://roblox.test/oauth/v1/authorize?scope=openid+profile&code_challenge_method=S256&code_challenge=${challenge}&state=${encodeURIComponent(state)}`;
      },
      exchangeCode: async (code, verifier) => {
        world.verifiersSeen.push(verifier);
        const [kind, robloxId] = code.split(':');
        if (kind !== 'rcode' || !robloxId || !world.robloxUsers.has(robloxId)) {
          throw new IntegrationError('roblox', 'invalid_grant', 'invalid_grant', undefined, 400);
        }
        return { access_token: `rat:${robloxId}` };
      },
      getUserInfo: async (token) => world.robloxUsers.get(token.split(':')[1] ?? '')!,
    },
    roblox: {
      getGroup: async (groupId) => {
        world.calls.push(`group ${groupId}`);
        const g = world.groups.get(groupId);
        return g ? { id: groupId, name: g.name } : null;
      },
      getGroupRoles: async (groupId) => {
        world.calls.push(`group roles ${groupId}`);
        return world.groups.get(groupId)?.roles ?? [];
      },
      getUserRankInGroup: async (userId, groupId) => {
        world.calls.push(`rank ${userId} ${groupId}`);
        return world.groups.get(groupId)?.members.get(userId) ?? 0;
      },
      getUserGroupRanks: async (userId) => {
        world.calls.push(`user groups ${userId}`);
        const ranks = new Map<string, number>();
        for (const [id, g] of world.groups) {
          const rank = g.members.get(userId);
          if (rank !== undefined) ranks.set(id, rank);
        }
        return ranks;
      },
      getAvatarHeadshotUrl: async (userId) =>
        `https://tr.rbxcdn.test/${userId}/150/150/AvatarHeadshot/Png`,
      getUserCreatedAt: async (userId) => {
        world.calls.push(`user ${userId}`);
        const created = world.robloxHoldings.get(userId)?.created;
        if (created) return created;
        return world.robloxUsers.has(userId) ? new Date('2015-01-01T00:00:00.000Z') : null;
      },
      getUserBadgeAwards: async (userId, badgeIds) => {
        world.calls.push(`badges ${userId} ${[...badgeIds].join(',')}`);
        const held = world.robloxHoldings.get(userId)?.badges ?? new Set<string>();
        return new Set(badgeIds.filter((id) => held.has(id)));
      },
      getUserOwnership: async (userId, kind, itemId) => {
        world.calls.push(`owns ${userId} ${kind} ${itemId}`);
        const holding = world.robloxHoldings.get(userId);
        if (holding?.inventoryPrivate) return 'private';
        return holding?.owned.has(`${kind}:${itemId}`) ? 'owned' : 'not_owned';
      },
      getItemName: async (kind, itemId) => {
        world.calls.push(`item ${kind} ${itemId}`);
        return world.robloxItems.get(`${kind}:${itemId}`) ?? null;
      },
    },
    discordRoleConnections: {
      getMetadata: async () => structuredClone(world.roleConnections.metadata ?? []),
      putMetadata: async (records) => {
        world.roleConnections.metadataPuts += 1;
        world.roleConnections.metadata = structuredClone(records);
      },
      putUserConnection: async (token, connection) => {
        world.roleConnections.users.set(userOfAccess(world, token), structuredClone(connection));
      },
    },
  };
}
