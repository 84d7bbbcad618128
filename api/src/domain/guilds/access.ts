import { and, eq, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authOf, type AppContext } from '../../context';
import type { Db } from '../../db/client';
import { guildConfigs, guilds, userGuilds } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { ConsoleLimits } from '../../lib/route-limits';
import { getUser } from '../accounts/users';
import { withDiscordToken } from '../tokens/discord-tokens';
import {
  getStaffRoles,
  markStaffManager,
  staffRightOf,
  type StaffRight,
} from '../staff/staff-roles';
import { storeUserGuilds } from './guild-store';

export type GuildRow = typeof guilds.$inferSelect;
export type MembershipRow = typeof userGuilds.$inferSelect;

export async function findGuild(db: Db, guildId: string): Promise<GuildRow | null> {
  const [row] = await db.select().from(guilds).where(eq(guilds.id, guildId));
  return row ?? null;
}

export async function findMembership(db: Db, userId: string, guildId: string) {
  const [row] = await db
    .select()
    .from(userGuilds)
    .where(and(eq(userGuilds.userId, userId), eq(userGuilds.guildId, guildId)));
  return row ?? null;
}

/** One answer for "no such server" and "not yours", so the API tells no one which servers it knows. */
const notManager = () =>
  forbidden(
    'You need to own this server or have Manage Server or Administrator in it.',
    'not_server_manager',
  );

/**
 * The caller must own or manage the server per their last sync, or have held a manager role when
 * their roles were last read (user_guilds.staff_manager): only for cheap reads that show no member
 * data and call neither Discord nor Roblox (config, setup status, the invite link).
 */
export async function requireManager(db: Db, userId: string, guildId: string): Promise<GuildRow> {
  const membership = await findMembership(db, userId, guildId);
  const guild =
    membership?.canManage || membership?.staffManager ? await findGuild(db, guildId) : null;
  if (!guild) throw notManager();
  return guild;
}

/** When the user's guild list was last read from Discord (their newest membership), or null. */
async function listReadAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(userGuilds.syncedAt) })
    .from(userGuilds)
    .where(eq(userGuilds.userId, userId));
  return row?.at ? new Date(row.at) : null;
}

/**
 * For writes and for every read that shows member data or spends the bot's calls (audit, export,
 * health, edit, binds, member updates): the Manage Server right is re-read from Discord (the
 * caller's own guild list) when the stored copy is older than `managerRecheckMs`, so a demoted or
 * kicked manager is refused within a minute. A server missing from a list read within that time
 * is refused without asking Discord again, so a stranger's loop costs no Discord calls. Answers
 * the guild and the fresh membership (owner flag for role checks).
 */
export interface ServerAccess {
  guild: GuildRow;
  membership: MembershipRow;
  /** true: through a staff role, without Manage Server (domain/staff) */
  delegated: boolean;
}

export async function requireLiveManager(
  ctx: AppContext,
  userId: string,
  guildId: string,
): Promise<ServerAccess> {
  const fresh = (at: Date | null) =>
    at !== null && Date.now() - at.getTime() <= ctx.settings.managerRecheckMs;
  let membership = await findMembership(ctx.db, userId, guildId);
  if (!membership && fresh(await listReadAt(ctx.db, userId))) throw notManager();
  if (!membership || !fresh(membership.syncedAt)) {
    const list = await withDiscordToken(ctx, userId, (token) =>
      ctx.integrations.discordOAuth.getCurrentUserGuilds(token),
    );
    await storeUserGuilds(ctx.db, userId, list, new Map());
    membership = await findMembership(ctx.db, userId, guildId);
  }
  const guild = membership ? await findGuild(ctx.db, guildId) : null;
  if (!guild || !membership) throw notManager();
  if (membership.canManage) return { guild, membership, delegated: false };
  // a member without Manage Server manages through a manager role, read live from Discord on
  // every call, so a role taken away stops them at once (docs/product.md › Staff)
  if (await liveStaffRight(ctx, userId, guild, 'manage'))
    return { guild, membership, delegated: true };
  throw notManager();
}

/** A request to a route under `/server/:id`, after the authenticate hook ran. */
export type ServerRouteRequest = FastifyRequest & { params: { id: string } };

/**
 * requireLiveManager for the signed-in caller and the server of the route's `:id`; then, with
 * `limits`, the server's count is taken: only once the caller is known to manage the server, so a
 * stranger's calls do not use up its budget (lib/route-limits.ts).
 */
export async function requireManagingCaller(
  ctx: AppContext,
  request: ServerRouteRequest,
  limits?: Pick<ConsoleLimits, 'server'>,
): Promise<ServerAccess & { userId: string }> {
  const { userId } = authOf(request);
  const access = await requireLiveManager(ctx, userId, request.params.id);
  await limits?.server(request);
  return { userId, ...access };
}

/**
 * Whether the member holds a staff role giving `right` in the server, read now through the bot
 * (never from the client). No staff roles set, or the bot gone: no call, and no right.
 */
export async function liveStaffRight(
  ctx: AppContext,
  userId: string,
  guild: GuildRow,
  right: StaffRight,
): Promise<boolean> {
  const staff = await getStaffRoles(ctx.db, guild.id);
  const roles =
    right === 'manage'
      ? staff.manager_role_ids
      : [...staff.manager_role_ids, ...staff.updater_role_ids];
  if (!roles.length || !guild.botPresent) return false;
  const user = await getUser(ctx.db, userId);
  const member = user
    ? await ctx.integrations.discordBot.getMember(guild.id, user.discordId)
    : null;
  const held = member?.roles ?? [];
  await markStaffManager(ctx.db, userId, guild.id, staffRightOf(staff, held, 'manage'));
  return staffRightOf(staff, held, right);
}

/**
 * For what staff roles must not reach (the staff roles themselves): the owner, Administrator or
 * Manage Server in Discord, live as requireLiveManager reads it. A delegated manager gets 403
 * manage_server_only.
 */
export async function requireServerAdmin(
  ctx: AppContext,
  userId: string,
  guildId: string,
): Promise<ServerAccess> {
  const access = await requireLiveManager(ctx, userId, guildId);
  if (access.delegated)
    throw forbidden(
      'Only the server owner and members with Manage Server or Administrator can do this: a manager role is not enough.',
      'manage_server_only',
    );
  return access;
}

/**
 * Who may start member updates: a manager (as requireLiveManager), or a member holding an updater
 * role, read live through the bot.
 */
export async function requireUpdater(
  ctx: AppContext,
  userId: string,
  guildId: string,
): Promise<ServerAccess> {
  try {
    return await requireLiveManager(ctx, userId, guildId);
  } catch (err) {
    const membership = await findMembership(ctx.db, userId, guildId);
    const guild = membership ? await findGuild(ctx.db, guildId) : null;
    if (guild && membership && (await liveStaffRight(ctx, userId, guild, 'update')))
      return { guild, membership, delegated: true };
    throw err;
  }
}

/**
 * After a sync of the user's guild list: reads, through the bot, whether they hold a manager role
 * in each server they are in without Manage Server where manager roles are set and the bot is,
 * so their server list shows those servers (one bot call per such server, none elsewhere).
 */
export async function refreshStaffAccess(ctx: AppContext, userId: string): Promise<void> {
  const candidates = await ctx.db
    .select({ guild: guilds })
    .from(userGuilds)
    .innerJoin(guilds, eq(guilds.id, userGuilds.guildId))
    .innerJoin(guildConfigs, eq(guildConfigs.guildId, userGuilds.guildId))
    .where(
      and(
        eq(userGuilds.userId, userId),
        eq(userGuilds.canManage, false),
        eq(guilds.botPresent, true),
        sql`jsonb_array_length(${guildConfigs.managerRoleIds}) > 0`,
      ),
    );
  for (const { guild } of candidates) await liveStaffRight(ctx, userId, guild, 'manage');
}
