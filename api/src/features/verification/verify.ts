import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { NicknameFormat, VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { verifications } from '../../db/schema';
import { IntegrationError } from '../../integrations/types';
import { badGateway, conflict, forbidden, notFound } from '../../lib/errors';
import { getUser } from '../auth/users';
import { markBotPresence } from '../dashboard/guild-store';
import { findAccount, markVerified } from '../roblox/accounts';
import { findGuild, findMembership } from '../servers/access';
import { getConfig, listBinds } from '../servers/config-store';
import { buildNickname } from './nickname';
import { dangerousPermission } from '../servers/role-safety';

async function wasVerifiedBefore(ctx: AppContext, guildId: string, accountId: string) {
  const [row] = await ctx.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.guildId, guildId), eq(verifications.robloxAccountId, accountId)))
    .limit(1);
  return row !== undefined;
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

export async function verifyInServer(
  ctx: AppContext,
  userId: string,
  guildId: string,
  accountId: string,
): Promise<VerifyResult> {
  const bot = ctx.integrations.discordBot;
  const account = await findAccount(ctx.db, accountId);
  if (!account) throw notFound('There is no linked account with this id.', 'account_not_found');
  if (account.userId !== userId)
    throw forbidden('This Roblox account is not linked to you.', 'not_your_account');

  const guild = await findGuild(ctx.db, guildId);
  if (!guild)
    throw notFound(
      'This server is unknown to RoConnect. Sync your servers and try again.',
      'server_not_found',
    );
  if (!(await findMembership(ctx.db, userId, guildId)))
    throw forbidden('You are not a member of this server.', 'not_a_member');
  const config = await getConfig(ctx.db, guildId);
  if (!guild.botPresent)
    throw conflict('The RoConnect bot is not in this server.', 'bot_not_in_server');
  if (!config?.setupCompleted)
    throw conflict('The bot setup of this server is not complete yet.', 'setup_incomplete');

  const user = await getUser(ctx.db, userId);
  if (!user) throw notFound('Your account no longer exists.', 'user_not_found');
  const live = await bot.getGuild(guildId);
  if (!live) {
    await markBotPresence(ctx.db, guildId, false);
    throw conflict('The RoConnect bot is no longer in this server.', 'bot_not_in_server');
  }
  const member = await bot.getMember(guildId, user.discordId);
  if (!member) throw forbidden('You are not a member of this server.', 'not_a_member');

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

  // Roles: the verified role, then the role bound to the member's group rank (others bound to ranks go).
  const toAdd: { id: string; name: string }[] = [];
  const toRemove: { id: string; name: string }[] = [];
  if (config.verifiedRoleId && !has.has(config.verifiedRoleId))
    toAdd.push({ id: config.verifiedRoleId, name: config.verifiedRoleName });
  if (config.groupId) {
    const binds = await listBinds(ctx.db, guildId);
    const rank = await ctx.integrations.roblox.getUserRankInGroup(account.robloxId, config.groupId);
    const target = binds.find((b) => b.rank === rank);
    if (target && !has.has(target.discordRoleId))
      toAdd.push({ id: target.discordRoleId, name: target.rankName });
    for (const b of binds) {
      if (b.discordRoleId !== target?.discordRoleId && has.has(b.discordRoleId))
        toRemove.push({ id: b.discordRoleId, name: b.rankName });
    }
    if (!target && rank === 0)
      result.warnings.push(
        `You are not a member of the Roblox group ${config.groupName ?? config.groupId}, so no rank role was given.`,
      );
  }
  // A role may have gained a moderator permission since it was configured: never hand that out.
  const liveRoles = toAdd.length ? await bot.listRoles(guildId) : [];
  const changes = [
    ...toAdd.map((role) => ({ role, add: true })),
    ...toRemove.map((role) => ({ role, add: false })),
  ];
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
      if (add) await bot.addMemberRole(guildId, user.discordId, role.id);
      else await bot.removeMemberRole(guildId, user.discordId, role.id);
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
  if (nickname !== null) {
    if (live.owner_id === user.discordId) {
      result.warnings.push(
        `Discord does not let bots change the server owner's nickname; set it to "${nickname}" yourself if you like.`,
      );
    } else if (member.nick !== nickname) {
      try {
        await bot.setMemberNickname(guildId, user.discordId, nickname);
        result.nickname_updated = true;
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
    !changedSomething(result) && (await wasVerifiedBefore(ctx, guildId, account.id));
  if (!alreadyTold) {
    try {
      await bot.sendDirectMessage(
        user.discordId,
        `You are verified in ${live.name} as ${account.username} on Roblox.${result.roles_added.length ? ` Roles given: ${result.roles_added.join(', ')}.` : ''}`,
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
  await ctx.db.insert(verifications).values({
    id: randomUUID(),
    guildId,
    userId,
    robloxAccountId: account.id,
    rolesAdded: result.roles_added,
    rolesRemoved: result.roles_removed,
    nickname: result.nickname_updated ? result.nickname : null,
    dmSent: result.dm_sent,
    warnings: result.warnings,
  });
  return result;
}
