import { effectiveNicknameTemplate, type NicknameFormat } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { askedByMember } from '../audit/record';
import { lookupRobloxGroups } from '../binds/roblox-group-cache';
import { listBinds } from '../binds/store';
import { restrictionsOf } from '../config/config-store';
import { mayShowLink } from '../privacy/consent';
import { getServerMessages } from '../messages/store';
import { findBannedAccount } from '../rules/ban-evasion';
import { outsideRequiredGroups } from '../rules/restrictions';
import { readRobloxFacts, robloxNeeds } from '../rules/roblox-facts';
import type { MemberUpdate, MemberUpdateFacts } from './plan-member-update';

/** The member's rank name in the first bound group, when a template shows it ('' when none). */
async function groupRankName(
  ctx: AppContext,
  groupId: string | null,
  rank: number,
): Promise<string> {
  if (!groupId || rank === 0) return '';
  const found = (await lookupRobloxGroups(ctx, [groupId])).get(groupId);
  return (found?.ok && found.group?.ranks.find((r) => r.rank === rank)?.name) || '';
}

/**
 * What planMemberUpdate needs besides the request: the server's binds, its live roles when a role
 * is configured, bound or bypassing, whether the member's Roblox account may be shown here, and
 * what the rules need from Roblox: the account's ranks in every group (one call answers them all),
 * its badges (one call per 100), the game passes and items bound (one call each), its age (one
 * call), each kind once; the server's own words for the DM; and, unless the ban-evasion guard is
 * off, whether a Discord account banned here verified with the same Roblox account (read through
 * the bot). Reads only; nothing is written.
 */
export async function memberUpdateFacts(
  ctx: AppContext,
  update: MemberUpdate,
): Promise<MemberUpdateFacts> {
  const { config } = update;
  const binds = await listBinds(ctx.db, update.guild.id);
  const restrictions = restrictionsOf(config);
  const bypass =
    (config.nicknameBypassRoleIds?.length ?? 0) + (config.roleBypassRoleIds?.length ?? 0);
  const roles =
    binds.length || config.verifiedRoleId || config.unverifiedRoleId || bypass
      ? await ctx.integrations.discordBot.listRoles(update.guild.id)
      : [];
  const messages = await getServerMessages(ctx.db, update.guild.id);
  const templates = [
    effectiveNicknameTemplate(config.nicknameFormat as NicknameFormat, config.nicknameTemplate),
    ...binds.map((b) => b.nickname ?? ''),
    // the verified DM may name the rank too (only when it is sent)
    ...(update.notify ? [messages.verified_dm ?? ''] : []),
  ];
  const showsRank = templates.some((t) => t.includes('{group-rank}'));
  const needs = robloxNeeds(binds, restrictions, { groupRank: showsRank });
  const roblox = await readRobloxFacts(ctx.integrations.roblox, update.account.robloxId, needs, {
    guildId: update.guild.id,
  });
  const firstGroup = binds.find((b) => (b.kind ?? 'group') === 'group')?.groupId ?? null;
  const groupRank = showsRank
    ? await groupRankName(ctx, firstGroup, roblox.ranks.get(firstGroup ?? '') ?? 0)
    : '';
  // a blocked group the account is in, or the group lock's groups it is in none of, are named in
  // the reason (from the shared cache)
  const blockedIn = restrictions.blocked_group_ids.filter((id) => (roblox.ranks.get(id) ?? 0) > 0);
  const named = [
    ...blockedIn,
    ...(outsideRequiredGroups(restrictions, {
      robloxId: update.account.robloxId,
      ranks: roblox.ranks,
    }) ?? []),
  ];
  const groupNames = new Map<string, string>();
  for (const [id, found] of await lookupRobloxGroups(ctx, named))
    if (found.ok && found.group) groupNames.set(id, found.group.name);
  // shown after this update: a verification the member asked for counts as theirs already
  const robloxShown = await mayShowLink(ctx.db, update.user.id, update.guild.id, {
    askingNow: askedByMember(update.actorUserId, update.user.id),
  });
  const bannedAccount =
    restrictions.ban_evasion === 'off'
      ? null
      : await findBannedAccount(
          ctx,
          update.guild.id,
          update.account.robloxId,
          update.user.discordId,
        );
  return {
    ...update,
    messages,
    bannedAccount,
    binds,
    roles,
    ranks: roblox.ranks,
    roblox,
    groupRank,
    groupNames,
    robloxShown,
  };
}
