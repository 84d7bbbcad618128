import type { AppContext } from '../../context';
import type { DiscordRole } from '../../integrations/types';
import { conflict } from '../../lib/errors';
import { getUser } from '../accounts/users';

/**
 * Permissions a role the bot hands out on verification must never carry: anyone who can verify
 * would get them (docs/security.md, "the bot as a ladder").
 */
const DANGEROUS_PERMISSIONS: readonly [bigint, string][] = [
  [1n << 3n, 'Administrator'],
  [1n << 5n, 'Manage Server'],
  [1n << 28n, 'Manage Roles'],
  [1n << 4n, 'Manage Channels'],
  [1n << 29n, 'Manage Webhooks'],
  [1n << 1n, 'Kick Members'],
  [1n << 2n, 'Ban Members'],
  [1n << 40n, 'Moderate Members'],
  [1n << 17n, 'Mention Everyone'],
  [1n << 30n, 'Manage Expressions'],
];

/** The first dangerous permission the role carries, by its name in Discord; null when none. */
export function dangerousPermission(role: Pick<DiscordRole, 'permissions'>): string | null {
  if (!/^\d{1,20}$/.test(role.permissions)) return 'unknown permissions';
  const bits = BigInt(role.permissions);
  return DANGEROUS_PERMISSIONS.find(([bit]) => (bits & bit) !== 0n)?.[1] ?? null;
}

/** What decides which roles a manager may have the bot give, read once per request. */
export interface GrantContext {
  guildId: string;
  roles: DiscordRole[];
  /** highest position among the bot's roles */
  botTop: number;
  /** highest position among the manager's roles; null for the owner, who may pick any role */
  managerTop: number | null;
}

export async function loadGrantContext(
  ctx: AppContext,
  guildId: string,
  userId: string,
  isOwner: boolean,
): Promise<GrantContext> {
  const bot = ctx.integrations.discordBot;
  const [roles, botTop] = await Promise.all([
    bot.listRoles(guildId),
    bot.getBotHighestRolePosition(guildId),
  ]);
  let managerTop: number | null = null;
  if (!isOwner) {
    const user = await getUser(ctx.db, userId);
    const member = user ? await bot.getMember(guildId, user.discordId) : null;
    const positions = new Map(roles.map((r) => [r.id, r.position]));
    managerTop = Math.max(0, ...(member?.roles ?? []).map((id) => positions.get(id) ?? 0));
  }
  return { guildId, roles, botTop, managerTop };
}

/** The reason the bot must not give this role for this manager; null when it may. */
export function grantRefusal(role: DiscordRole, g: GrantContext) {
  const permission = dangerousPermission(role);
  if (permission)
    return conflict(
      `The role "${role.name}" has the ${permission} permission, so RoConnect will not give it ` +
        'to everyone who verifies. Choose another role, or remove that permission from it in ' +
        'Server Settings → Roles.',
      'role_too_powerful',
    );
  if (role.id === g.guildId || role.managed || role.position >= g.botTop)
    return conflict(
      `The role "${role.name}" is at or above the bot's highest role, so the bot cannot give it. ` +
        'In Server Settings → Roles, drag the RoConnect bot’s role above it, or choose another role.',
      'role_above_bot',
    );
  if (g.managerTop !== null && role.position >= g.managerTop)
    return conflict(
      `The role "${role.name}" is at or above your highest role in this server, so you cannot ` +
        'have the bot give it. Choose a role below your own, or ask the server owner.',
      'role_above_manager',
    );
  return null;
}

export function requireGrantable(role: DiscordRole, g: GrantContext): void {
  const refusal = grantRefusal(role, g);
  if (refusal) throw refusal;
}
