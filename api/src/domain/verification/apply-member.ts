import { and, eq } from 'drizzle-orm';
import type { VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { verifications } from '../../db/schema';
import { IntegrationError } from '../../integrations/types';
import { badGateway } from '../../lib/errors';
import { markVerified } from '../accounts/accounts';
import { findUserByDiscordId } from '../accounts/linked';
import { markSeen } from '../accounts/users';
import { recordSettingChange, recordVerification } from '../audit/record';
import { writeRoleConnection } from '../role-connections/user-connection';
import { discordLiteral } from '../rules/display-text';
import { recordSighting } from '../rules/ban-evasion';
import { saveMemberFacts } from '../rules/member-facts';
import {
  removalDenial,
  removalRightsCache,
  type RemovalAction,
  type RemovalRightsCache,
} from '../rules/removal-rights';
import { isEditRefusal } from './discord-refusal';
import {
  verifiedMessage,
  type MemberUpdatePlan,
  type PlannedRole,
  type RestrictionPlan,
  type RoleStep,
} from './plan-member-update';

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

/**
 * What the server's Discord audit log says the bot's edit was for: whoever may view it reads it,
 * so the Roblox account only where the member lets it be shown (docs/security.md › Member privacy).
 */
const auditReason = (plan: MemberUpdatePlan) =>
  plan.robloxShown
    ? `RoConnect: verified as ${plan.account.username} on Roblox`
    : 'RoConnect: verified with their Roblox account';

/**
 * How old a caller's read of the member may be for its roles to stand for the member's roles at
 * the edit. A join, a verify or a command reads the member a moment before; reading it again cost
 * each join a second request on Discord's member route, whose per-server budget then halved how
 * many joins a second a server gets its roles (docs/performance.md › Member updates).
 */
export const MEMBER_READ_FRESH_MS = 5_000;

/**
 * The member's whole role list after the plan's steps: their current roles less those taken plus
 * those given. A PATCH replaces the whole list, so the roles are read again unless the caller read
 * them within MEMBER_READ_FRESH_MS: an update run lists members first, minutes before, and a role
 * staff gave or took since is kept as it is now. Roles the bot does not manage stay as they are.
 */
async function rolesAfter(
  ctx: AppContext,
  plan: MemberUpdatePlan,
  steps: RoleStep[],
): Promise<string[]> {
  const readAt = plan.memberRolesReadAt;
  const current =
    readAt !== undefined && Date.now() - readAt <= MEMBER_READ_FRESH_MS
      ? plan.memberRoles
      : await currentRoles(ctx, plan);
  const removed = new Set(steps.filter((s) => !s.add).map((s) => s.role.id));
  const roles = current.filter((id) => !removed.has(id));
  for (const { role, add } of steps) if (add && !roles.includes(role.id)) roles.push(role.id);
  return roles;
}

async function currentRoles(ctx: AppContext, plan: MemberUpdatePlan): Promise<string[]> {
  const member = await ctx.integrations.discordBot.getMember(plan.guild.id, plan.user.discordId);
  if (!member)
    throw new IntegrationError(
      'discord',
      'unknown_member',
      'That person is not a member of this server.',
      10007,
      404,
    );
  return member.roles;
}

export interface ApplyOptions {
  /** a run's cache of the chooser's rights (removalRightsCache) */
  removalRights?: RemovalRightsCache;
  /**
   * Asked before each kick or ban the chooser may still make: false turns it into deny for now.
   * An update of every member counts its removals with it (domain/rules/removal-share.ts).
   */
  mayRemove?: (action: RemovalAction) => Promise<boolean>;
}

/**
 * Performs a member's plan (planMemberUpdate) in a set-up server: the roles, the nickname, the DM,
 * and the audit record. Called by updateMember (update-member.ts), the one entry point; its
 * triggers have checked who may ask. Roles and nickname go to Discord in one PATCH of the member (each request
 * spends the server's per-route budget, docs/performance.md › Member updates); when Discord
 * refuses it, nothing was changed and the parts are written apart, as before, to say which one
 * it refuses. Discord's first refusal, before anything changed, is thrown; later ones are
 * warnings beside what was done.
 */
export async function applyMemberUpdate(
  ctx: AppContext,
  plan: MemberUpdatePlan,
  options: ApplyOptions = {},
): Promise<VerifyResult> {
  const bot = ctx.integrations.discordBot;
  const { guild, user, account } = plan;
  const result: VerifyResult = {
    roles_updated: false,
    nickname_updated: false,
    dm_sent: false,
    roles_added: [],
    roles_removed: [],
    nickname: null,
    warnings: [...plan.warnings],
    not_given: [...plan.notGiven],
    restricted: plan.restriction?.reason ?? null,
    restriction_action: plan.restriction ? 'deny' : null,
  };
  const bound = new Set(plan.boundRoleIds);

  const steps: RoleStep[] = [];
  for (const step of plan.roles) {
    if (step.refused) result.warnings.push(step.refused);
    else steps.push(step);
  }
  const { nickname } = plan;
  result.nickname = nickname.value;
  const nick = nickname.set ? nickname.value : null;
  // set when Discord refused the nickname in the edit that carried it (the roles alone passed)
  let nicknameRefusal: unknown = null;
  let roleByRole = false;
  let nicknameDone = false;
  const added: PlannedRole[] = [];
  const removed: PlannedRole[] = [];
  const roleDone = ({ role, add }: RoleStep) => {
    (add ? added : removed).push(role);
    (add ? result.roles_added : result.roles_removed).push(role.name);
  };
  const rolesDone = () => steps.forEach(roleDone);

  if (steps.length || nick !== null) {
    const roles = steps.length ? await rolesAfter(ctx, plan, steps) : undefined;
    const reason = auditReason(plan);
    try {
      await bot.editMember(
        guild.id,
        user.discordId,
        { ...(roles && { roles }), ...(nick !== null && { nick }) },
        reason,
      );
      if (roles) rolesDone();
      nicknameDone = nick !== null;
    } catch (err) {
      if (!isEditRefusal(err)) throw err;
      if (roles && nick !== null) {
        // which half: the roles alone first (the nickname is the usual one, for members above the bot)
        try {
          await bot.editMember(guild.id, user.discordId, { roles }, reason);
          rolesDone();
          nicknameRefusal = err;
        } catch (rolesErr) {
          if (!isEditRefusal(rolesErr)) throw rolesErr;
          roleByRole = true;
        }
      } else if (roles) roleByRole = true;
      else nicknameRefusal = err;
    }
  }

  if (roleByRole) {
    // one role at a time, to name the role Discord refuses and still give the others
    for (const step of steps) {
      const { role, add } = step;
      try {
        if (add) await bot.addMemberRole(guild.id, user.discordId, role.id);
        else await bot.removeMemberRole(guild.id, user.discordId, role.id);
        roleDone(step);
      } catch (err) {
        const refusal = roleRefusal(err, role.name);
        // a bound role above the bot is a role not given, with why, not a failed verification
        if (add && bound.has(role.id) && refusal.code === 'discord_missing_permissions') {
          result.not_given.push({
            role_id: role.id,
            role_name: role.name,
            reason: `RoConnect's role is below ${role.name}`,
          });
          result.warnings.push(refusal.message);
          continue;
        }
        if (!changedSomething(result)) throw refusal;
        result.warnings.push(refusal.message);
      }
    }
  }
  result.roles_updated = result.roles_added.length + result.roles_removed.length > 0;

  let nicknameAfter = plan.nicknameBefore;
  if (nickname.warning) result.warnings.push(nickname.warning);
  if (nick !== null && !nicknameDone) {
    try {
      if (nicknameRefusal) throw nicknameRefusal;
      await bot.setMemberNickname(guild.id, user.discordId, nick);
      nicknameDone = true;
    } catch (err) {
      if (!(err instanceof IntegrationError && err.kind === 'missing_permissions')) throw err;
      // The roles above are given already: say so, and what failed, instead of a bare 502.
      result.warnings.push(
        'Discord refused to change your nickname: the bot needs Manage Nicknames and its role must sit above your highest role. Ask a server admin to move the RoConnect role higher.',
      );
    }
  }
  if (nicknameDone) {
    result.nickname_updated = true;
    nicknameAfter = nick;
  }

  // a kick or ban only when whoever chose it could still do it to this member (before the DM, which
  // says what happens)
  let restriction =
    plan.restriction &&
    (await checkedRestriction(ctx, plan, plan.restriction, result, options.removalRights));
  if (restriction && restriction.action !== 'deny' && options.mayRemove)
    if (!(await options.mayRemove(restriction.action))) {
      result.warnings.push(
        `RoConnect did not ${restriction.action} this member yet, so they were only denied roles: ` +
          `this update removed as many members as it may without the server owner, who can allow the rest on the dashboard.`,
      );
      restriction = { ...restriction, action: 'deny' };
    }

  // DM: only when this verification changed something or is the first here with this account,
  // so pressing Verify again does not message the member twice. A refused DM is only a warning.
  // A member about to be kicked or banned is told why first (a DM cannot reach them after).
  const removing = restriction && restriction.action !== 'deny';
  const alreadyTold =
    (!plan.notify && !removing) ||
    (!removing &&
      !changedSomething(result) &&
      (await wasVerifiedBefore(ctx, guild.id, account.id)));
  if (!alreadyTold) {
    try {
      await bot.sendDirectMessage(
        user.discordId,
        restriction
          ? restrictedMessage(plan, restriction)
          : verifiedMessage(plan, result.roles_added),
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

  if (restriction) await enforceRestriction(ctx, plan, restriction, result);
  else await markVerified(ctx.db, account.id);
  await recordVerification(ctx.db, {
    guildId: guild.id,
    source: plan.source,
    actorUserId: plan.actorUserId,
    member: user,
    account,
    rolesAdded: added,
    rolesRemoved: removed,
    nicknameBefore: plan.nicknameBefore,
    nicknameAfter,
    nicknameUpdated: result.nickname_updated,
    nicknameByBot: nickname.value !== null && nicknameAfter === nickname.value,
    dmSent: result.dm_sent,
    warnings: result.warnings,
  });
  // the ban-evasion guard's memory, and its note to staff (never to the member)
  await recordSighting(ctx.db, {
    guildId: guild.id,
    robloxId: account.robloxId,
    discordId: user.discordId,
  });
  if (plan.banEvasion) await recordBanEvasion(ctx.db, plan, plan.banEvasion);
  // the member's own /verify, Verify button or a join: use through the bot keeps the account
  // from the two-year purge; what staff, update-all, resync or a key did does not
  if (plan.source === 'discord') await markSeen(ctx.db, user.id);
  // Discord Linked Roles: the user's own values, beside the server's roles (never fails this)
  await writeRoleConnection(ctx, user.id, account);
  // what Roblox said and the roles the member has now: the binds preview's input
  if (plan.roblox) {
    const removedIds = new Set(removed.map((r) => r.id));
    const roleIds = plan.memberRoles.filter((id) => !removedIds.has(id));
    for (const r of added) if (!roleIds.includes(r.id)) roleIds.push(r.id);
    await saveMemberFacts(
      ctx.db,
      { guildId: guild.id, discordId: user.discordId, robloxId: account.robloxId, roleIds },
      plan.roblox,
    );
  }
  return result;
}

/** The DM of a member a restriction caught (the server's and a group's name as plain text). */
function restrictedMessage(plan: MemberUpdatePlan, restriction: RestrictionPlan): string {
  const what =
    restriction.action === 'kick'
      ? 'You were removed from'
      : restriction.action === 'ban'
        ? 'You were banned from'
        : 'You cannot verify in';
  return `${what} ${discordLiteral(plan.guild.name, 'the server')}: ${discordLiteral(restriction.reason)}.`;
}

/**
 * The restriction as it is done: a kick or ban turns into deny, with why among the warnings, unless
 * the person who chose it could still kick or ban this member themselves (Discord's rule, read live
 * with the bot's token; docs/security.md, "kick and ban through the bot"). A run passes `cache`
 * so that person's rights are read once, not once a member. A choice nobody checked (saved before migration 0016)
 * or rights Discord would not tell also only deny.
 */
async function checkedRestriction(
  ctx: AppContext,
  plan: MemberUpdatePlan,
  restriction: RestrictionPlan,
  result: VerifyResult,
  cache: RemovalRightsCache = removalRightsCache(ctx),
): Promise<RestrictionPlan> {
  const { action } = restriction;
  if (action === 'deny') return restriction;
  let denial: string | null;
  if (!restriction.chosenBy)
    denial = `nobody allowed to ${action} has chosen ${action} since it was saved; save the restrictions again`;
  else {
    try {
      const rights = await cache(plan.guild, restriction.chosenBy);
      const fresh =
        plan.memberRolesReadAt !== undefined &&
        Date.now() - plan.memberRolesReadAt <= MEMBER_READ_FRESH_MS;
      const targetRoles = fresh ? plan.memberRoles : await currentRoles(ctx, plan);
      denial = removalDenial(action, rights, targetRoles);
    } catch (err) {
      if (!(err instanceof IntegrationError)) throw err;
      denial = `Discord did not answer who may ${action} here (${err.message})`;
    }
  }
  if (denial === null) return restriction;
  result.warnings.push(
    `RoConnect did not ${action} this member, so they were only denied roles: ${denial}.`,
  );
  return { ...restriction, action: 'deny' };
}

/**
 * Kicks or bans a member a restriction caught, when someone allowed to chose it (the plan has
 * already turned it into deny for a server manager, checkedRestriction for a chooser who could not). Discord's refusal (the bot lacks Kick or Ban
 * Members, or sits below the member) leaves the member denied, and says so.
 */
async function enforceRestriction(
  ctx: AppContext,
  plan: MemberUpdatePlan,
  restriction: RestrictionPlan,
  result: VerifyResult,
): Promise<void> {
  if (restriction.action === 'deny') return;
  const bot = ctx.integrations.discordBot;
  const reason = `RoConnect: ${restriction.reason}`;
  try {
    if (restriction.action === 'kick')
      await bot.kickMember(plan.guild.id, plan.user.discordId, reason);
    else await bot.banMember(plan.guild.id, plan.user.discordId, reason);
    result.restriction_action = restriction.action;
    result.warnings.push(
      `This member was ${restriction.action === 'kick' ? 'kicked' : 'banned'} from the server: ${restriction.reason}.`,
    );
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    result.warnings.push(
      `Discord refused to ${restriction.action} this member, so they were only denied roles: ${err.message}`,
    );
  }
}

/**
 * Tells the server's staff, in the audit log and so the log channel, that the member verified with
 * a Roblox account a banned Discord account used here. Only staff read these; the Roblox account is
 * named only where the member lets it be shown in this server (docs/security.md › Member privacy).
 */
async function recordBanEvasion(
  db: AppContext['db'],
  plan: MemberUpdatePlan,
  evasion: NonNullable<MemberUpdatePlan['banEvasion']>,
): Promise<void> {
  const banned = await findUserByDiscordId(db, evasion.bannedDiscordId);
  const bannedName = banned ? `${banned.username} (${banned.discordId})` : evasion.bannedDiscordId;
  const account = plan.robloxShown
    ? `the Roblox account ${plan.account.username} (${plan.account.robloxId})`
    : 'a Roblox account';
  const done =
    evasion.mode === 'deny' ? 'they were restricted' : 'they were let in; staff may want to look';
  await recordSettingChange(db, {
    guildId: plan.guild.id,
    actorUserId: null,
    setting: 'ban_evasion',
    before: null,
    after: `${plan.user.username} (${plan.user.discordId}) verified with ${account} that ${bannedName}, banned from this server, verified with here; ${done}.`,
  });
}
