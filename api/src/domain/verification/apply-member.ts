import { and, eq } from 'drizzle-orm';
import type { AuditSource, NicknameFormat, VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { verifications } from '../../db/schema';
import { IntegrationError, type DiscordMember } from '../../integrations/types';
import { badGateway } from '../../lib/errors';
import type { UserRow } from '../accounts/users';
import { markVerified, type RobloxAccountRow } from '../accounts/accounts';
import { recordVerification } from '../audit/record';
import { listBinds, rankMatches, type BindRow } from '../binds/store';
import type { ConfigRow } from '../config/config-store';
import { dangerousPermission } from '../roles/role-safety';
import { buildNickname } from './nickname';
import { unverifiedRoleChange } from './unverified-role';

async function wasVerifiedBefore(ctx: AppContext, guildId: string, accountId: string) {
  const [row] = await ctx.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.guildId, guildId), eq(verifications.robloxAccountId, accountId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The binds the account's ranks earn: one Roblox call answers every bound group (security review
 * N4). A group the account is not in (rank 0) where no bind covers rank 0 is said in a warning.
 */
async function earnedBinds(
  ctx: AppContext,
  robloxId: string,
  binds: BindRow[],
  config: ConfigRow,
  warnings: string[],
): Promise<BindRow[]> {
  const groupIds = [...new Set(binds.map((b) => b.groupId))];
  const ranks = groupIds.length
    ? await ctx.integrations.roblox.getUserGroupRanks(robloxId)
    : new Map<string, number>();
  // a group missing from the answer is one the account is not in: rank 0
  const rankIn = (groupId: string) => ranks.get(groupId) ?? 0;
  const earned = binds.filter((b) => rankMatches(b, rankIn(b.groupId)));
  for (const g of groupIds) {
    if (rankIn(g) !== 0 || earned.some((b) => b.groupId === g)) continue;
    const name = binds.find((b) => b.groupId === g && b.groupName)?.groupName ?? g;
    warnings.push(`You are not a member of the Roblox group ${name}, so no rank role was given.`);
  }
  return earned;
}

/** Discord refused a role change: which role and what the owner should do; other errors rethrown. */
function roleRefusal(err: unknown, roleName: string) {
  if (
    err instanceof IntegrationError &&
    (err.kind === 'missing_permissions' || err.kind === 'missing_access')
  ) {
    return badGateway(
      `Discord refused to change the role "${roleName}": the bot needs Manage Roles and its own role must sit above "${roleName}". ` +
        'Ask a server admin to move the RoConnect role higher in Server Settings → Roles.',
      'discord_missing_permissions',
    );
  }
  if (err instanceof IntegrationError && err.kind === 'unknown_role') {
    return badGateway(
      `The role "${roleName}" no longer exists in this server. Ask a server admin to pick it again in the bot settings.`,
      'role_missing',
    );
  }
  throw err;
}

/** Once something was changed, a later refusal is reported beside what was done, never instead of it. */
const changedSomething = (r: VerifyResult) =>
  r.roles_added.length + r.roles_removed.length > 0 || r.nickname_updated;

export interface MemberUpdate {
  /** The live server, as the bot sees it. */
  guild: { id: string; name: string; ownerDiscordId: string };
  /** The server's configuration; its setup is complete. */
  config: ConfigRow;
  user: UserRow;
  /** The member's linked Roblox account they verify with. */
  account: RobloxAccountRow;
  /** The live member, as the bot sees it. */
  member: DiscordMember;
  /** Send the member a DM (first verification with this account here, or something changed). */
  notify: boolean;
  /** where it was asked for, for the audit log */
  source: AuditSource;
  /** who asked (the member, a staff member), null for RoConnect itself (a server-wide update) */
  actorUserId: string | null;
}

/**
 * Gives a member of a set-up server the roles and nickname their Roblox account earns there, and
 * records it. Callers have checked who may ask (the website's verify, Discord's commands, updates).
 */
export async function applyMemberUpdate(
  ctx: AppContext,
  input: MemberUpdate,
): Promise<VerifyResult> {
  const bot = ctx.integrations.discordBot;
  const { config, user, account, member } = input;
  const result: VerifyResult = {
    roles_updated: false,
    nickname_updated: false,
    dm_sent: false,
    roles_added: [],
    roles_removed: [],
    nickname: null,
    warnings: [],
  };
  const has = new Set(member.roles);

  // Roles: the verified role and every bound role the member qualifies for are given; bound roles
  // they no longer qualify for and the unverified role are taken away.
  const binds = await listBinds(ctx.db, input.guild.id);
  const liveRoles =
    binds.length || config.verifiedRoleId || config.unverifiedRoleId
      ? await bot.listRoles(input.guild.id)
      : [];
  const nameOf = (id: string, fallback: string) =>
    liveRoles.find((r) => r.id === id)?.name ?? fallback;
  const earned = await earnedBinds(ctx, account.robloxId, binds, config, result.warnings);

  const toAdd: { id: string; name: string }[] = [];
  const toRemove: { id: string; name: string }[] = [];
  const planned = new Set<string>();
  const add = (id: string, name: string) => {
    if (has.has(id) || planned.has(id)) return;
    planned.add(id);
    toAdd.push({ id, name });
  };
  if (config.verifiedRoleId) add(config.verifiedRoleId, config.verifiedRoleName);
  for (const b of earned) add(b.roleId, nameOf(b.roleId, b.roleName));
  const kept = new Set([...earned.map((b) => b.roleId), config.verifiedRoleId ?? '']);
  for (const b of binds) {
    if (kept.has(b.roleId) || !has.has(b.roleId) || planned.has(b.roleId)) continue;
    planned.add(b.roleId);
    toRemove.push({ id: b.roleId, name: nameOf(b.roleId, b.roleName) });
  }
  const unverified = unverifiedRoleChange(config, member, true).remove;
  if (unverified && !kept.has(unverified) && !planned.has(unverified))
    toRemove.push({ id: unverified, name: nameOf(unverified, 'Unverified') });

  // A role may have gained a moderator permission since it was configured: never hand that out.
  const changes = [
    ...toAdd.map((role) => ({ role, add: true })),
    ...toRemove.map((role) => ({ role, add: false })),
  ];
  const added: { id: string; name: string }[] = [];
  const removed: { id: string; name: string }[] = [];
  for (const { role, add } of changes) {
    const permission = add
      ? dangerousPermission(liveRoles.find((r) => r.id === role.id) ?? { permissions: '0' })
      : null;
    if (permission) {
      result.warnings.push(
        `The role "${role.name}" now has the ${permission} permission, so it was not given. Ask a server admin to remove that permission or pick another role.`,
      );
      continue;
    }
    try {
      if (add) await bot.addMemberRole(input.guild.id, user.discordId, role.id);
      else await bot.removeMemberRole(input.guild.id, user.discordId, role.id);
      (add ? added : removed).push(role);
      (add ? result.roles_added : result.roles_removed).push(role.name);
    } catch (err) {
      const refusal = roleRefusal(err, role.name);
      if (!changedSomething(result)) throw refusal;
      result.warnings.push(refusal.message);
    }
  }
  result.roles_updated = result.roles_added.length + result.roles_removed.length > 0;

  // Nickname: nobody may rename the owner, so that is a warning rather than a failure.
  const nickname = buildNickname(config.nicknameFormat as NicknameFormat, {
    discordUsername: user.username,
    discordGlobalName: user.globalName,
    robloxUsername: account.username,
    robloxDisplayName: account.displayName,
  });
  result.nickname = nickname;
  let nicknameAfter = member.nick;
  if (nickname !== null) {
    if (input.guild.ownerDiscordId === user.discordId) {
      result.warnings.push(
        `Discord does not let bots change the server owner's nickname; set it to "${nickname}" yourself if you like.`,
      );
    } else if (member.nick !== nickname) {
      try {
        await bot.setMemberNickname(input.guild.id, user.discordId, nickname);
        result.nickname_updated = true;
        nicknameAfter = nickname;
      } catch (err) {
        if (!(err instanceof IntegrationError && err.kind === 'missing_permissions')) throw err;
        // The roles above are given already: say so, and what failed, instead of a bare 502.
        result.warnings.push(
          'Discord refused to change your nickname: the bot needs Manage Nicknames and its role must sit above your highest role. Ask a server admin to move the RoConnect role higher.',
        );
      }
    }
  }

  // DM: only when this verification changed something or is the first here with this account,
  // so pressing Verify again does not message the member twice. A refused DM is only a warning.
  const alreadyTold =
    !input.notify ||
    (!changedSomething(result) && (await wasVerifiedBefore(ctx, input.guild.id, account.id)));
  if (!alreadyTold) {
    try {
      await bot.sendDirectMessage(
        user.discordId,
        `You are verified in ${input.guild.name} as ${account.username} on Roblox.${result.roles_added.length ? ` Roles given: ${result.roles_added.join(', ')}.` : ''}`,
      );
      result.dm_sent = true;
    } catch (err) {
      if (!(err instanceof IntegrationError)) throw err;
      result.warnings.push(
        err.kind === 'cannot_dm'
          ? 'We could not send you a direct message: your Discord privacy settings block messages from this server.'
          : 'We could not send you a direct message right now.',
      );
    }
  }

  await markVerified(ctx.db, account.id);
  await recordVerification(ctx.db, {
    guildId: input.guild.id,
    source: input.source,
    actorUserId: input.actorUserId,
    member: user,
    account,
    rolesAdded: added,
    rolesRemoved: removed,
    nicknameBefore: member.nick,
    nicknameAfter,
    nicknameUpdated: result.nickname_updated,
    nicknameByBot: nickname !== null && nicknameAfter === nickname,
    dmSent: result.dm_sent,
    warnings: result.warnings,
  });
  return result;
}
