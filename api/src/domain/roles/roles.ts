import type { AppContext } from '../../context';
import type { DiscordRole } from '../../integrations/types';
import { grantRefusal, requireGrantable, type GrantContext } from './role-safety';

/** The server's roles for the configuration page; `assignable` = this manager may have the bot give it. */
export function rolesWithAssignability(g: GrantContext) {
  return g.roles
    .filter((r) => r.id !== g.guildId)
    .sort((a, b) => b.position - a.position)
    .map((r) => ({
      id: r.id,
      name: r.name,
      position: r.position,
      assignable: grantRefusal(r, g) === null,
    }));
}

/** An existing role by name: exact first, then case-insensitive (never @everyone). */
export function findRoleByName(g: GrantContext, name: string): DiscordRole | undefined {
  const candidates = g.roles.filter((r) => r.id !== g.guildId);
  return (
    candidates.find((r) => r.name === name) ??
    candidates.find((r) => r.name.toLowerCase() === name.toLowerCase())
  );
}

/**
 * The verified role by name: an existing role the bot may give (checked like a chosen one), or a
 * new one created with no permissions.
 */
export async function ensureVerifiedRole(
  ctx: AppContext,
  g: GrantContext,
  name: string,
): Promise<{ id: string; name: string; created: boolean }> {
  const existing = findRoleByName(g, name);
  if (existing) {
    requireGrantable(existing, g);
    return { id: existing.id, name: existing.name, created: false };
  }
  const created = await ctx.integrations.discordBot.createRole(g.guildId, name);
  return { id: created.id, name: created.name, created: true };
}

/** A chosen role id: it must exist in the server and be one the bot may give. */
export function checkChosenRole(g: GrantContext, roleId: string): DiscordRole | null {
  const role = g.roles.find((r) => r.id === roleId && r.id !== g.guildId);
  if (!role) return null;
  requireGrantable(role, g);
  return role;
}
