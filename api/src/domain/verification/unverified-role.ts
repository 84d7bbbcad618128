import type { AppContext } from '../../context';
import { IntegrationError, type DiscordMember, type DiscordRole } from '../../integrations/types';
import type { ConfigRow } from '../config/config-store';
import { dangerousPermission } from '../roles/role-safety';

/**
 * What the unverified role asks of one member: given to members who are not verified, removed
 * from those who are. Null fields: nothing to do (no unverified role, or already right).
 */
export function unverifiedRoleChange(
  config: Pick<ConfigRow, 'unverifiedRoleId'>,
  member: Pick<DiscordMember, 'roles'>,
  isVerified: boolean,
): { add: string | null; remove: string | null } {
  const roleId = config.unverifiedRoleId;
  if (!roleId) return { add: null, remove: null };
  const has = member.roles.includes(roleId);
  return {
    add: !isVerified && !has ? roleId : null,
    remove: isVerified && has ? roleId : null,
  };
}

export interface UnverifiedRoleOutcome {
  /** role ids given / taken (at most one each) */
  added: string[];
  removed: string[];
  /** what Discord refused, for people; the member is left as they were */
  warnings: string[];
}

/**
 * Gives or takes the unverified role as `unverifiedRoleChange` says, for callers outside a
 * verification (the server-wide update for members with no linked account, unlinking). A refusal
 * by Discord (role gone, bot too low) is a warning, never a throw, so a batch goes on. Like every
 * role the bot gives, the role is checked live first: one that gained a moderator permission since
 * it was chosen is not given (docs/security.md, "the bot as a ladder"). `roles` is the server's
 * live role list when the caller has it (a batch reads it once); otherwise it is read here.
 */
export async function applyUnverifiedRole(
  ctx: AppContext,
  input: {
    guildId: string;
    config: Pick<ConfigRow, 'unverifiedRoleId'>;
    member: DiscordMember;
    isVerified: boolean;
    roles?: DiscordRole[];
  },
): Promise<UnverifiedRoleOutcome> {
  const out: UnverifiedRoleOutcome = { added: [], removed: [], warnings: [] };
  const change = unverifiedRoleChange(input.config, input.member, input.isVerified);
  const bot = ctx.integrations.discordBot;
  try {
    if (change.add) {
      const roles = input.roles ?? (await bot.listRoles(input.guildId));
      const role = roles.find((r) => r.id === change.add);
      const permission = role ? dangerousPermission(role) : null;
      if (permission) {
        out.warnings.push(
          `The unverified role "${role!.name}" now has the ${permission} permission, so it was not given. Ask a server admin to remove that permission or pick another role.`,
        );
        return out;
      }
      await bot.addMemberRole(input.guildId, input.member.user_id, change.add);
      out.added.push(change.add);
    }
    if (change.remove) {
      await bot.removeMemberRole(input.guildId, input.member.user_id, change.remove);
      out.removed.push(change.remove);
    }
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    out.warnings.push(
      err.kind === 'unknown_role'
        ? 'The unverified role no longer exists in this server. Ask a server admin to pick it again.'
        : `Discord refused to change the unverified role (${err.message}). The RoConnect role must sit above it and have Manage Roles.`,
    );
  }
  return out;
}
