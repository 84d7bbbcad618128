import type { AuditSource, NicknameFormat } from '@roconnect/shared-lib/contract';
import type { DiscordMember, DiscordRole } from '../../integrations/types';
import type { RobloxAccountRow } from '../accounts/accounts';
import type { UserRow } from '../accounts/users';
import { rankMatches, type BindRow } from '../binds/store';
import type { ConfigRow } from '../config/config-store';
import { dangerousPermission } from '../roles/role-safety';
import { buildNickname } from './nickname';
import { unverifiedRoleChange } from './unverified-role';

/** What a caller asks for: whom to update where, and why (the website's verify, a command, the job). */
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

/** What the plan is made from besides the request, read beforehand (memberUpdateFacts). */
export interface MemberUpdateFacts extends MemberUpdate {
  /** the server's binds, in the owner's order */
  binds: Pick<BindRow, 'groupId' | 'groupName' | 'minRank' | 'maxRank' | 'roleId' | 'roleName'>[];
  /** the account's rank in the bound groups; a group missing is one the account is not in */
  ranks: ReadonlyMap<string, number>;
  /** the server's live roles (empty when no role is configured or bound) */
  roles: DiscordRole[];
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

/** A member's update, decided and not yet done: applyMemberUpdate performs it in this order. */
export interface MemberUpdatePlan {
  guild: { id: string; name: string };
  user: UserRow;
  account: RobloxAccountRow;
  /** the member's nickname before the update, for the audit record */
  nicknameBefore: string | null;
  /** said before anything is done: a bound group the account is not in */
  warnings: string[];
  /** the verified role and every earned bound role given, then roles no longer earned taken */
  roles: RoleStep[];
  nickname: NicknamePlan;
  /** a DM is sent when the update changed something or is the first here with this account */
  notify: boolean;
  source: AuditSource;
  actorUserId: string | null;
}

/**
 * Decides a verification: the verified role and every bound role whose rank range the account's
 * rank falls in are given; bound roles it no longer earns and the unverified role are taken; a role
 * that gained a moderator permission since it was configured is never given (docs/security.md,
 * "the bot as a ladder"); the nickname the format gives, except for the owner. No I/O.
 */
export function planMemberUpdate(facts: MemberUpdateFacts): MemberUpdatePlan {
  const { config, binds, member, user, account } = facts;
  const warnings: string[] = [];
  const has = new Set(member.roles);
  const nameOf = (id: string, fallback: string) =>
    facts.roles.find((r) => r.id === id)?.name ?? fallback;

  // a group missing from the ranks is one the account is not in: rank 0
  const rankIn = (groupId: string) => facts.ranks.get(groupId) ?? 0;
  const earned = binds.filter((b) => rankMatches(b, rankIn(b.groupId)));
  for (const g of new Set(binds.map((b) => b.groupId))) {
    if (rankIn(g) !== 0 || earned.some((b) => b.groupId === g)) continue;
    const name = binds.find((b) => b.groupId === g && b.groupName)?.groupName ?? g;
    warnings.push(`You are not a member of the Roblox group ${name}, so no rank role was given.`);
  }

  const toAdd: PlannedRole[] = [];
  const toRemove: PlannedRole[] = [];
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

  const refusal = (role: PlannedRole) => {
    const permission = dangerousPermission(
      facts.roles.find((r) => r.id === role.id) ?? { permissions: '0' },
    );
    return permission
      ? `The role "${role.name}" now has the ${permission} permission, so it was not given. Ask a server admin to remove that permission or pick another role.`
      : null;
  };
  const roles: RoleStep[] = [
    ...toAdd.map((role) => ({ role, add: true, refused: refusal(role) })),
    ...toRemove.map((role) => ({ role, add: false, refused: null })),
  ];

  const value = buildNickname(config.nicknameFormat as NicknameFormat, {
    discordUsername: user.username,
    discordGlobalName: user.globalName,
    robloxUsername: account.username,
    robloxDisplayName: account.displayName,
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

  return {
    guild: { id: facts.guild.id, name: facts.guild.name },
    user,
    account,
    nicknameBefore: member.nick,
    warnings,
    roles,
    nickname,
    notify: facts.notify,
    source: facts.source,
    actorUserId: facts.actorUserId,
  };
}

/** The DM of a verification, naming the roles it gave. */
export function verifiedMessage(plan: MemberUpdatePlan, rolesGiven: string[]): string {
  return `You are verified in ${plan.guild.name} as ${plan.account.username} on Roblox.${rolesGiven.length ? ` Roles given: ${rolesGiven.join(', ')}.` : ''}`;
}
