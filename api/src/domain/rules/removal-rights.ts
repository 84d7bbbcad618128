import type { AppContext } from '../../context';
import type { DiscordRole } from '../../integrations/types';
import { conflict, forbidden, type ApiError } from '../../lib/errors';
import { botPermissions } from './bot-permissions';

/** The restriction actions that remove a member from the server. */
export type RemovalAction = 'kick' | 'ban';

const ADMINISTRATOR = 1n << 3n;
const MANAGE_SERVER = 1n << 5n;
const PERMISSION: Record<RemovalAction, { bit: bigint; name: string }> = {
  kick: { bit: 1n << 1n, name: 'Kick Members' },
  ban: { bit: 1n << 2n, name: 'Ban Members' },
};

const bitsOf = (role: Pick<DiscordRole, 'permissions'>) =>
  /^\d{1,20}$/.test(role.permissions) ? BigInt(role.permissions) : 0n;

/**
 * What decides whether a person could kick or ban members of a server themselves, read live from
 * Discord with the bot's token: whether they are still a member, the owner, the permissions of
 * their roles and @everyone's, and their highest role's position.
 */
export interface RemovalRights {
  discordId: string;
  member: boolean;
  owner: boolean;
  /** server-wide permissions (@everyone's and their roles'); Administrator stands for every one */
  permissions: bigint;
  /** position of their highest role; 0 (@everyone's) when they have none */
  top: number;
  /** the server's roles, for the positions of a target's roles */
  roles: DiscordRole[];
}

export async function readRemovalRights(
  ctx: AppContext,
  guild: { id: string; ownerDiscordId: string },
  discordId: string,
): Promise<RemovalRights> {
  const bot = ctx.integrations.discordBot;
  const [roles, member] = await Promise.all([
    bot.listRoles(guild.id),
    bot.getMember(guild.id, discordId),
  ]);
  const held = new Set([guild.id, ...(member?.roles ?? [])]);
  let permissions = 0n;
  let top = 0;
  for (const r of roles)
    if (held.has(r.id)) {
      permissions |= bitsOf(r);
      if (r.id !== guild.id) top = Math.max(top, r.position);
    }
  return {
    discordId,
    member: member !== null,
    owner: discordId === guild.ownerDiscordId,
    permissions: (permissions & ADMINISTRATOR) !== 0n ? ~0n : permissions,
    top,
    roles,
  };
}

/**
 * Why this person may not have the bot kick or ban (403 naming what they lack); null when they
 * may (docs/security.md, "kick and ban through the bot"). Discord lets a member kick or ban only
 * another member whose highest role is below their own, with Kick or Ban Members (Administrator
 * included; it does not lift the role order), the owner anyone. The restriction may catch any
 * member the bot can reach, so the caller's highest role must be above every role below the bot's
 * highest one: members whose highest role is at or above the bot's cannot be kicked by the bot
 * anyway. Roles carrying Administrator or Manage Server are left out, since RoConnect never kicks
 * or bans their holders.
 */
export function removalRefusal(
  action: RemovalAction,
  rights: RemovalRights,
  botTop: number,
): ApiError | null {
  if (rights.owner) return null;
  const { name, bit } = PERMISSION[action];
  if (!rights.member || (rights.permissions & bit) === 0n)
    return forbidden(
      `Only members who can ${action} members themselves can make the bot ${action}. ` +
        `You need ${name} (or Administrator) in this server, or choose deny.`,
      `missing_${action}_members`,
    );
  const above = rights.roles
    .filter(
      (r) =>
        r.position < botTop &&
        r.position >= rights.top &&
        (bitsOf(r) & (ADMINISTRATOR | MANAGE_SERVER)) === 0n,
    )
    .sort((a, b) => b.position - a.position)[0];
  if (above)
    return forbidden(
      `Your highest role is not above "${above.name}", so you could not ${action} its members ` +
        `yourself, and the bot will not do it for you. Ask the server owner or someone higher, ` +
        `or choose deny.`,
      `role_too_low_to_${action}`,
    );
  return null;
}

/**
 * Why the person who chose kick or ban could not do it to this member now (a sentence for the
 * member's result); null when they could. The same rule as removalRefusal, against the member's
 * own highest role.
 */
export function removalDenial(
  action: RemovalAction,
  rights: RemovalRights,
  targetRoleIds: readonly string[],
): string | null {
  if (rights.owner) return null;
  const who = `the person who chose ${action} (Discord user ${rights.discordId})`;
  if (!rights.member) return `${who} is no longer a member of this server`;
  const { name, bit } = PERMISSION[action];
  if ((rights.permissions & bit) === 0n) return `${who} no longer has ${name} in this server`;
  const targets = new Set(targetRoleIds);
  const targetTop = rights.roles
    .filter((r) => targets.has(r.id))
    .sort((a, b) => b.position - a.position)[0];
  if (rights.top <= (targetTop?.position ?? 0))
    return targetTop
      ? `${who} has no role above this member's role "${targetTop.name}"`
      : `${who} has no role in this server`;
  return null;
}

/**
 * The chooser's rights, read once per run: an update of every member asks Discord once a slice,
 * not once a member (docs/performance.md › Member updates). Each call of `removalRightsCache`
 * is one run; its answers are as old as the run.
 */
export type RemovalRightsCache = (
  guild: { id: string; ownerDiscordId: string },
  discordId: string,
) => Promise<RemovalRights>;

export function removalRightsCache(ctx: AppContext): RemovalRightsCache {
  const read = new Map<string, Promise<RemovalRights>>();
  return (guild, discordId) => {
    const key = `${guild.id}:${discordId}`;
    let rights = read.get(key);
    if (!rights) {
      rights = readRemovalRights(ctx, guild, discordId);
      // a failed read is not kept: the next member asks again
      rights.catch(() => read.delete(key));
      read.set(key, rights);
    }
    return rights;
  };
}

/**
 * Turning a kick or ban restriction on (PUT …/edit/restrictions, a configuration import): only
 * someone who could do it themselves, read live, and only when the bot may do it now
 * (docs/security.md, "kick and ban through the bot"). Throws the refusal; answers nothing.
 */
export async function requireRemovalChoice(
  ctx: AppContext,
  guildId: string,
  callerDiscordId: string,
  action: RemovalAction,
): Promise<void> {
  const bot = ctx.integrations.discordBot;
  const [live, botTop] = await Promise.all([
    bot.getGuild(guildId),
    bot.getBotHighestRolePosition(guildId),
  ]);
  if (!live) throw conflict('Add the RoConnect bot to this server first.', 'bot_not_in_server');
  const rights = await readRemovalRights(
    ctx,
    { id: guildId, ownerDiscordId: live.owner_id },
    callerDiscordId,
  );
  const refusal = removalRefusal(action, rights, botTop);
  if (refusal) throw refusal;
  const { name, bit } = PERMISSION[action];
  if (((await botPermissions(ctx, guildId)) & bit) === 0n)
    throw conflict(
      `The bot's role does not have ${name}, so it cannot ${action} restricted members. ` +
        `Give the RoConnect role ${name} in Server Settings → Roles, or choose deny.`,
      `bot_cannot_${action}`,
    );
}
