import {
  effectiveNicknameTemplate,
  type AuditSource,
  type NicknameFormat,
  type NotGivenRole,
  type Restrictions,
} from '@roconnect/shared-lib/contract';
import type { DiscordMember, DiscordRole } from '../../integrations/types';
import type { RobloxAccountRow } from '../accounts/accounts';
import type { UserRow } from '../accounts/users';
import { restrictionsOf, type ConfigRow } from '../config/config-store';
import { dangerousPermission } from '../roles/role-safety';
import { discordLiteral } from '../rules/display-text';
import { bindNickname, judgeBinds, type RuleBind } from '@roconnect/shared-lib/contract';
import { restrictionReason } from '../rules/restrictions';
import type { RobloxFacts } from '../rules/roblox-facts';
import { verifiedDmText } from '../messages/render';
import { NO_SERVER_MESSAGES, type ServerMessages } from '../messages/store';
import { namesRoblox, nicknameFromTemplate, nicknameValues } from './nickname';
import { unverifiedRoleChange } from './unverified-role';

/** Whom to update where, and why: what updateMember (update-member.ts) makes of its request. */
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
  /**
   * When `member` was read from Discord (ms since the epoch), for a caller that read it just now:
   * its roles then stand for the member's roles at the edit (applyMemberUpdate). Absent: the roles
   * are read again before the edit (an update run lists its members minutes before).
   */
  memberReadAt?: number;
  /** Send the member a DM (first verification with this account here, or something changed). */
  notify: boolean;
  /** where it was asked for, for the audit log */
  source: AuditSource;
  /** who asked (the member, a staff member), null for RoConnect itself (a server-wide update) */
  actorUserId: string | null;
}

/** What the plan is made from besides the request, read beforehand (memberUpdateFacts). */
export interface MemberUpdateFacts extends MemberUpdate {
  /** the server's binds, in the owner's order (a bind without a kind is a group bind) */
  binds: RuleBind[];
  /** the account's rank in the bound groups; a group missing is one the account is not in */
  ranks: ReadonlyMap<string, number>;
  /** what Roblox said for this verify: badges, items, the account's age (absent: groups only) */
  roblox?: RobloxFacts;
  /** the member's rank name in the first bound group, for the `{group-rank}` token */
  groupRank?: string;
  /** names of groups a reason may name beside the bound ones (a blocked group) */
  groupNames?: ReadonlyMap<string, string>;
  /** the server's live roles (empty when no role is configured or bound) */
  roles: DiscordRole[];
  /** now, for the account age restriction (absent: the clock) */
  now?: Date;
  /**
   * the member's Roblox account may be shown in this server once this update is done
   * (domain/privacy, mayShowLink): otherwise no nickname is made from it
   */
  robloxShown: boolean;
  /** the server's own words, for the DM (absent: RoConnect's) */
  messages?: ServerMessages;
  /**
   * a Discord account banned from this server that verified here with the same Roblox account
   * (domain/rules/ban-evasion.ts); absent or null: none, or the guard is off
   */
  bannedAccount?: string | null;
}

export interface PlannedRole {
  id: string;
  name: string;
}

export interface RoleStep {
  role: PlannedRole;
  /** give the role (true) or take it (false) */
  add: boolean;
  /** not done, and this is said instead: the role now carries a moderator permission */
  refused: string | null;
}

export interface NicknamePlan {
  /** the nickname the server's format gives; null for the format `none` */
  value: string | null;
  /** the member's nickname differs from it and may be changed */
  set: boolean;
  /** said instead of setting it: nobody may rename the server owner */
  warning: string | null;
}

/** A restriction of the server caught the member: no roles, and what else happens. */
export interface RestrictionPlan {
  reason: string;
  /** what the owner chose, unless the member manages the server (then deny) */
  action: Restrictions['action'];
  /**
   * who chose a kick or ban (Discord user id): applyMemberUpdate checks again that they could do
   * it to this member themselves, else only denies; null: nobody since migration 0016
   */
  chosenBy: string | null;
}

/** A member's update, decided and not yet done: applyMemberUpdate performs it in this order. */
export interface MemberUpdatePlan {
  guild: { id: string; name: string; ownerDiscordId: string };
  user: UserRow;
  account: RobloxAccountRow;
  /** the member's nickname before the update, for the audit record */
  nicknameBefore: string | null;
  /** said before anything is done: a bound group the account is not in */
  warnings: string[];
  /** the verified role and every earned bound role given, then roles no longer earned taken */
  roles: RoleStep[];
  nickname: NicknamePlan;
  /** bound roles the member does not get, and why (the verify answer's `not_given`) */
  notGiven: NotGivenRole[];
  /** a restriction that caught the member; null: none did */
  restriction: RestrictionPlan | null;
  /** the member's roles before the update */
  memberRoles: string[];
  /** when those roles were read (MemberUpdate.memberReadAt) */
  memberRolesReadAt?: number;
  /** every role a bind names */
  boundRoleIds: string[];
  /** what Roblox said, kept for the binds preview; null when nothing was read */
  roblox: RobloxFacts | null;
  /** a DM is sent when the update changed something or is the first here with this account */
  notify: boolean;
  source: AuditSource;
  actorUserId: string | null;
  /** MemberUpdateFacts.robloxShown: what the bot writes to Discord may name the Roblox account */
  robloxShown: boolean;
  /** the server's own words and the member's rank name, for the DM */
  messages: ServerMessages;
  groupRank: string;
  /**
   * the member verified with a Roblox account a banned Discord account used here: staff are told
   * (the audit log and log channel), never the member; `deny` also restricted them
   */
  banEvasion: { bannedDiscordId: string; mode: 'flag' | 'deny' } | null;
}

const ADMINISTRATOR = 1n << 3n;
const MANAGE_SERVER = 1n << 5n;

/** The owner, or a member whose roles carry Administrator or Manage Server: never kicked or banned. */
export function managesServer(
  guild: { id: string; ownerDiscordId: string },
  member: DiscordMember,
  roles: DiscordRole[],
): boolean {
  if (member.user_id === guild.ownerDiscordId) return true;
  const held = new Set([...member.roles, guild.id]);
  return roles.some((r) => {
    if (!held.has(r.id) || !/^\d{1,20}$/.test(r.permissions)) return false;
    const bits = BigInt(r.permissions);
    return (bits & (ADMINISTRATOR | MANAGE_SERVER)) !== 0n;
  });
}

/**
 * Decides a verification: the verified role and every bound role whose rule the account meets
 * (a rank range, a badge, a game pass or item owned) are given; bound roles it no longer earns
 * and the unverified role are taken; a role that gained a moderator permission since it was
 * configured is never given (docs/security.md, "the bot as a ladder"); the nickname of the
 * highest-priority matching bind's template, else the server's, except for the owner. A member
 * with a role-bypass role keeps their bound roles, one with a nickname-bypass role their
 * nickname; a member a restriction catches gets no role and loses the ones given before
 * (docs/product.md › Restrictions). Each bound role not given says why. No I/O.
 */
export function planMemberUpdate(facts: MemberUpdateFacts): MemberUpdatePlan {
  const { config, binds, member, user, account } = facts;
  const warnings: string[] = [];
  const has = new Set(member.roles);
  const nameOf = (id: string, fallback: string) =>
    facts.roles.find((r) => r.id === id)?.name ?? fallback;
  const roblox: RobloxFacts = facts.roblox ?? {
    ranks: facts.ranks,
    ranksRead: true,
    badges: new Map(),
    owned: new Map(),
    inventoryPrivate: false,
    createdAt: null,
    readAt: facts.now ?? new Date(),
  };

  const groupName = (id: string) =>
    binds.find((b) => b.groupId === id && b.groupName)?.groupName ?? facts.groupNames?.get(id);
  const restrictions = restrictionsOf(config);
  const evading =
    facts.bannedAccount && restrictions.ban_evasion !== 'off'
      ? { bannedDiscordId: facts.bannedAccount, mode: restrictions.ban_evasion }
      : null;
  // the member is told only that the account is not welcome here, never whose ban it is
  const caught =
    restrictionReason(
      restrictions,
      { robloxId: account.robloxId, ranks: roblox.ranks, createdAt: roblox.createdAt },
      facts.now ?? new Date(),
      (id) => groupName(id) ?? `group ${id}`,
    ) ??
    (evading?.mode === 'deny'
      ? 'this Roblox account was used here by a Discord account that is banned from this server'
      : null);
  const held = (ids: readonly string[] | undefined) =>
    facts.roles.find((r) => has.has(r.id) && (ids ?? []).includes(r.id));
  const roleBypass = caught ? undefined : held(config.roleBypassRoleIds);

  // a group missing from the ranks is one the account is not in: rank 0
  const judged = judgeBinds(binds, roblox);
  const earned = caught || roleBypass ? [] : judged.earned;
  const groupBinds = binds.filter((b) => (b.kind ?? 'group') === 'group');
  const rankIn = (groupId: string) => roblox.ranks.get(groupId) ?? 0;
  if (!caught && !roleBypass)
    for (const g of new Set(groupBinds.map((b) => b.groupId ?? ''))) {
      if (rankIn(g) !== 0 || earned.some((b) => b.groupId === g)) continue;
      warnings.push(
        `You are not a member of the Roblox group ${groupName(g) ?? g}, so no rank role was given.`,
      );
    }
  if (caught) warnings.push(`You cannot verify in ${facts.guild.name}: ${caught}.`);
  if (roleBypass)
    warnings.push(
      `Your roles were left as they are: you have the role "${roleBypass.name}", whose members RoConnect does not give or take bound roles.`,
    );

  const toAdd: PlannedRole[] = [];
  const toRemove: PlannedRole[] = [];
  const planned = new Set<string>();
  const add = (id: string, name: string) => {
    if (has.has(id) || planned.has(id)) return;
    planned.add(id);
    toAdd.push({ id, name });
  };
  if (config.verifiedRoleId && !caught) add(config.verifiedRoleId, config.verifiedRoleName);
  for (const b of earned) add(b.roleId, nameOf(b.roleId, b.roleName));
  const kept = new Set([
    ...earned.map((b) => b.roleId),
    ...(caught ? [] : [config.verifiedRoleId ?? '']),
  ]);
  const managed = roleBypass ? [] : binds.map((b) => b.roleId);
  if (caught && config.verifiedRoleId) managed.unshift(config.verifiedRoleId);
  for (const id of managed) {
    if (kept.has(id) || !has.has(id) || planned.has(id)) continue;
    planned.add(id);
    const bind = binds.find((b) => b.roleId === id);
    toRemove.push({ id, name: nameOf(id, bind?.roleName ?? config.verifiedRoleName) });
  }
  const unverified = caught ? null : unverifiedRoleChange(config, member, true).remove;
  if (unverified && !kept.has(unverified) && !planned.has(unverified))
    toRemove.push({ id: unverified, name: nameOf(unverified, 'Unverified') });

  const notGiven: NotGivenRole[] = [];
  const notGivenIds = new Set<string>();
  const notGive = (roleId: string, roleName: string, reason: string) => {
    if (notGivenIds.has(roleId)) return;
    notGivenIds.add(roleId);
    notGiven.push({ role_id: roleId, role_name: nameOf(roleId, roleName), reason });
  };
  if (caught) for (const b of binds) notGive(b.roleId, b.roleName, caught);
  else if (!roleBypass)
    for (const [roleId, { roleName, reason }] of judged.reasons) notGive(roleId, roleName, reason);

  const refusal = (role: PlannedRole) => {
    const permission = dangerousPermission(
      facts.roles.find((r) => r.id === role.id) ?? { permissions: '0' },
    );
    if (!permission) return null;
    if (binds.some((b) => b.roleId === role.id))
      notGive(role.id, role.name, `"${role.name}" has the ${permission} permission`);
    return `The role "${role.name}" now has the ${permission} permission, so it was not given. Ask a server admin to remove that permission or pick another role.`;
  };
  const roles: RoleStep[] = [
    ...toAdd.map((role) => ({ role, add: true, refused: refusal(role) })),
    ...toRemove.map((role) => ({ role, add: false, refused: null })),
  ];

  const template =
    bindNickname(earned) ??
    effectiveNicknameTemplate(config.nicknameFormat as NicknameFormat, config.nicknameTemplate);
  // a member whose Roblox account is not shown here gets no nickname made from it: everyone in
  // the server would read it (docs/security.md › Member privacy); they keep their nickname
  const hidesRoblox = !facts.robloxShown && namesRoblox(template);
  if (hidesRoblox && !caught)
    warnings.push(
      'Your nickname was left as it is: your Roblox account is not shown in this server (see your privacy settings on the website).',
    );
  const keepsNickname =
    caught !== null || hidesRoblox || held(config.nicknameBypassRoleIds) !== undefined;
  const value = keepsNickname
    ? null
    : nicknameFromTemplate(template, {
        discordUsername: user.username,
        discordGlobalName: user.globalName,
        robloxUsername: account.username,
        robloxDisplayName: account.displayName,
        robloxId: account.robloxId,
        groupRank: facts.groupRank ?? '',
        serverName: facts.guild.name,
      });
  const isOwner = facts.guild.ownerDiscordId === user.discordId;
  const nickname: NicknamePlan = {
    value,
    set: value !== null && !isOwner && member.nick !== value,
    warning:
      value !== null && isOwner
        ? `Discord does not let bots change the server owner's nickname; set it to "${value}" yourself if you like.`
        : null,
  };

  let restriction: RestrictionPlan | null = null;
  if (caught) {
    let action = restrictions.action;
    if (action !== 'deny' && managesServer(facts.guild, member, facts.roles)) {
      action = 'deny';
      warnings.push(
        'RoConnect never kicks or bans a server manager, so this member was only denied roles.',
      );
    }
    restriction = { reason: caught, action, chosenBy: config.restrictionChosenBy ?? null };
  }

  return {
    guild: {
      id: facts.guild.id,
      name: facts.guild.name,
      ownerDiscordId: facts.guild.ownerDiscordId,
    },
    user,
    account,
    nicknameBefore: member.nick,
    warnings,
    roles,
    nickname,
    notGiven,
    restriction,
    memberRoles: [...member.roles],
    ...(facts.memberReadAt !== undefined && { memberRolesReadAt: facts.memberReadAt }),
    boundRoleIds: [...new Set(binds.map((b) => b.roleId))],
    roblox: facts.roblox ?? null,
    notify: facts.notify,
    source: facts.source,
    actorUserId: facts.actorUserId,
    robloxShown: facts.robloxShown,
    messages: facts.messages ?? NO_SERVER_MESSAGES,
    groupRank: facts.groupRank ?? '',
    banEvasion: evading,
  };
}

/**
 * The DM of a verification: the server's verified DM (or RoConnect's), naming the roles it gave
 * (names chosen by others as plain text). It goes to the member alone, so it may name their own
 * Roblox account whatever they chose to show to the server.
 */
export function verifiedMessage(plan: MemberUpdatePlan, rolesGiven: string[]): string {
  const values = nicknameValues({
    discordUsername: plan.user.username,
    discordGlobalName: plan.user.globalName,
    robloxUsername: plan.account.username,
    robloxDisplayName: plan.account.displayName,
    robloxId: plan.account.robloxId,
    groupRank: plan.groupRank,
    serverName: plan.guild.name,
  });
  if (!discordLiteral(values['server-name'])) values['server-name'] = 'the server';
  return verifiedDmText(plan.messages, values, rolesGiven);
}
