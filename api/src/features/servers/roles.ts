import type { AppContext } from '../../context';
import type { DiscordRole } from '../../integrations/types';
import { conflict } from '../../lib/errors';

/** The bot can give a role only when it sits below the bot's highest role and is a normal role. */
export function isAssignable(role: DiscordRole, guildId: string, botTop: number): boolean {
  return role.id !== guildId && !role.managed && role.position < botTop;
}

export function notAssignableError(role: DiscordRole) {
  return conflict(
    `The role "${role.name}" is at or above the bot's highest role, so the bot cannot give it. ` +
      'In Server Settings → Roles, drag the RoConnect bot’s role above it, or choose another role.',
    'role_above_bot',
  );
}

export async function rolesWithAssignability(ctx: AppContext, guildId: string) {
  const [roles, botTop] = await Promise.all([
    ctx.integrations.discordBot.listRoles(guildId),
    ctx.integrations.discordBot.getBotHighestRolePosition(guildId),
  ]);
  return roles
    .filter((r) => r.id !== guildId)
    .sort((a, b) => b.position - a.position)
    .map((r) => ({
      id: r.id,
      name: r.name,
      position: r.position,
      assignable: isAssignable(r, guildId, botTop),
    }));
}

/**
 * The verified role by name: an existing role the bot can give, or a new one.
 * A role at or above the bot's highest role is refused with a message that says so.
 */
export async function ensureVerifiedRole(
  ctx: AppContext,
  guildId: string,
  name: string,
): Promise<{ id: string; name: string; created: boolean }> {
  const bot = ctx.integrations.discordBot;
  const [roles, botTop] = await Promise.all([
    bot.listRoles(guildId),
    bot.getBotHighestRolePosition(guildId),
  ]);
  const existing =
    roles.find((r) => r.name === name && r.id !== guildId) ??
    roles.find((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== guildId);
  if (existing) {
    if (!isAssignable(existing, guildId, botTop)) throw notAssignableError(existing);
    return { id: existing.id, name: existing.name, created: false };
  }
  const created = await bot.createRole(guildId, name);
  return { id: created.id, name: created.name, created: true };
}

/** A chosen role id: it must exist in the server and be one the bot can give. */
export async function checkChosenRole(
  ctx: AppContext,
  guildId: string,
  roleId: string,
): Promise<DiscordRole | null> {
  const bot = ctx.integrations.discordBot;
  const [roles, botTop] = await Promise.all([
    bot.listRoles(guildId),
    bot.getBotHighestRolePosition(guildId),
  ]);
  const role = roles.find((r) => r.id === roleId && r.id !== guildId);
  if (!role) return null;
  if (!isAssignable(role, guildId, botTop)) throw notAssignableError(role);
  return role;
}
