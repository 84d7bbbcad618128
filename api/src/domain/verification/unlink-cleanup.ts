import { and, desc, eq } from 'drizzle-orm';
import type { UnlinkCleanup } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { guilds, robloxAccounts, verifications } from '../../db/schema';
import { IntegrationError } from '../../integrations/types';
import type { UserRow } from '../accounts/users';
import type { RobloxAccountRow } from '../accounts/accounts';
import { announceUnlinkCleanup } from '../audit/record';
import { getConfig } from '../config/config-store';
import { applyUnverifiedRole } from './unverified-role';

type VerificationRow = typeof verifications.$inferSelect;

/** Discord's refusal, as a line the user can read; other errors are thrown. */
function refusal(err: unknown, what: string): string {
  if (!(err instanceof IntegrationError)) throw err;
  return `Discord refused to ${what}: ${err.message}`;
}

/**
 * Before an account is unlinked: in each server it verified in, takes back the roles the bot gave
 * with it and resets the nickname the bot set, if the member still has that nickname. A server
 * where the user has since verified with another of their accounts is left alone (those roles
 * are that account's now). Roles and nickname go in one PATCH of the member. Discord's refusals
 * are warnings; the unlink goes on.
 */
export async function cleanUpAccount(
  ctx: AppContext,
  user: UserRow,
  account: RobloxAccountRow,
): Promise<UnlinkCleanup[]> {
  const bot = ctx.integrations.discordBot;
  const rows = await ctx.db
    .select()
    .from(verifications)
    .where(eq(verifications.robloxAccountId, account.id))
    .orderBy(desc(verifications.createdAt));
  const byGuild = new Map<string, VerificationRow[]>();
  for (const r of rows) byGuild.set(r.guildId, [...(byGuild.get(r.guildId) ?? []), r]);

  const out: UnlinkCleanup[] = [];
  for (const [guildId, mine] of byGuild) {
    const [newest] = await ctx.db
      .select({ accountId: verifications.robloxAccountId })
      .from(verifications)
      .innerJoin(robloxAccounts, eq(robloxAccounts.id, verifications.robloxAccountId))
      .where(and(eq(verifications.guildId, guildId), eq(verifications.userId, user.id)))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    if (newest && newest.accountId !== account.id) continue;
    const [stored] = await ctx.db
      .select({ name: guilds.name })
      .from(guilds)
      .where(eq(guilds.id, guildId));
    const entry: UnlinkCleanup = {
      server_id: guildId,
      server_name: stored?.name || 'Unknown Server',
      roles_removed: [],
      nickname_reset: false,
      warnings: [],
    };
    out.push(entry);
    const live = await bot.getGuild(guildId);
    if (!live) {
      entry.warnings.push('The RoConnect bot is no longer in this server, so nothing was changed.');
      continue;
    }
    entry.server_name = live.name;
    const member = await bot.getMember(guildId, user.discordId);
    if (!member) {
      entry.warnings.push('You are no longer a member of this server.');
      continue;
    }
    const roles = await bot.listRoles(guildId);
    const given = new Set(mine.flatMap((r) => r.roleIdsAdded));
    const taken = member.roles.filter((id) => given.has(id));
    const nameOf = (roleId: string) => roles.find((r) => r.id === roleId)?.name ?? roleId;
    const last = mine[0]!;
    const resetNick =
      last.nicknameByBot && last.nicknameAfter !== null && member.nick === last.nicknameAfter;
    // one PATCH of the member (the roles just read, less those taken; the nickname reset), as a
    // verification writes; refused, it changed nothing, and the parts apart say what was refused
    let apart = taken.length > 0 || resetNick;
    if (apart) {
      try {
        await bot.editMember(
          guildId,
          user.discordId,
          {
            ...(taken.length ? { roles: member.roles.filter((id) => !given.has(id)) } : {}),
            ...(resetNick ? { nick: null } : {}),
          },
          `RoConnect: ${account.username} was unlinked`,
        );
        entry.roles_removed.push(...taken.map(nameOf));
        entry.nickname_reset = resetNick;
        apart = false;
      } catch (err) {
        // whatever Discord said, the parts apart say it for each, as warnings
        if (!(err instanceof IntegrationError)) throw err;
      }
    }
    if (apart) {
      for (const roleId of taken) {
        try {
          await bot.removeMemberRole(guildId, user.discordId, roleId);
          entry.roles_removed.push(nameOf(roleId));
        } catch (err) {
          entry.warnings.push(refusal(err, `remove the role "${nameOf(roleId)}"`));
        }
      }
      if (resetNick) {
        try {
          await bot.setMemberNickname(guildId, user.discordId, null);
          entry.nickname_reset = true;
        } catch (err) {
          entry.warnings.push(refusal(err, 'reset your nickname'));
        }
      }
    }
    const config = await getConfig(ctx.db, guildId);
    if (config?.unverifiedRoleId) {
      const otherVerified = await ctx.db
        .select({ id: verifications.id })
        .from(verifications)
        .innerJoin(robloxAccounts, eq(robloxAccounts.id, verifications.robloxAccountId))
        .where(and(eq(verifications.guildId, guildId), eq(verifications.userId, user.id)))
        .then((r) => r.length > mine.length);
      if (!otherVerified) {
        const unverified = await applyUnverifiedRole(ctx, {
          guildId,
          config,
          member: { ...member, roles: member.roles.filter((id) => !given.has(id)) },
          isVerified: false,
        });
        entry.warnings.push(...unverified.warnings);
      }
    }
  }
  return out;
}

/** Tells each server's followers (its log channel, its webhooks) of the clean-up done there. */
export function announceCleanups(
  ctx: AppContext,
  user: UserRow,
  account: RobloxAccountRow,
  cleanup: UnlinkCleanup[],
): void {
  for (const entry of cleanup)
    announceUnlinkCleanup(ctx.db, entry.server_id, {
      member: { discordId: user.discordId, username: user.username },
      account: { robloxId: account.robloxId, username: account.username },
      rolesRemoved: entry.roles_removed,
      nicknameReset: entry.nickname_reset,
      warnings: entry.warnings,
    });
}
