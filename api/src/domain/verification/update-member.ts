import type { AuditSource, VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import type { RemovalAction, RemovalRightsCache } from '../rules/removal-rights';
import { applyMemberUpdate } from './apply-member';
import { planMemberUpdate, type MemberUpdate } from './plan-member-update';
import { memberUpdateFacts } from './update-facts';

/** Why a member is updated: what happened that asked for it. */
export type UpdateTrigger =
  /** the website's Verify */
  | 'website'
  /** the member's /verify */
  | 'verify_command'
  /** the Verify message's button */
  | 'verify_button'
  /** staff's /update member:@user */
  | 'update_command'
  /** the member joined (join handling, or a resync replaying a join) */
  | 'join'
  /** an update of every member of the server */
  | 'update_run'
  /** the developer API's update, with a server's key */
  | 'api';

/** Who asked for the update. */
export type UpdateAsker =
  /** the member themself: the only update that counts as their consent (domain/privacy) */
  | { kind: 'member' }
  /** a moderator: their RoConnect user id, null when they never signed in to RoConnect */
  | { kind: 'moderator'; userId: string | null }
  /** RoConnect on its own, with nobody asking */
  | { kind: 'bot' }
  /** a developer-API key of the server */
  | { kind: 'api_key'; keyId: string }
  /** an update of every member, started by the server's managers */
  | { kind: 'update_run'; runId: string };

/**
 * What each trigger means for an update: who may ask through it, how the audit log names it, and
 * whether the member gets a DM (a moderator's, a run's or a key's update sends none: Discord warns
 * against mass DMs, and the member did not ask).
 */
const TRIGGERS: Record<
  UpdateTrigger,
  { asker: UpdateAsker['kind']; source: AuditSource; notify: boolean }
> = {
  website: { asker: 'member', source: 'website', notify: true },
  verify_command: { asker: 'member', source: 'discord', notify: true },
  verify_button: { asker: 'member', source: 'discord', notify: true },
  join: { asker: 'bot', source: 'discord', notify: true },
  update_command: { asker: 'moderator', source: 'staff', notify: false },
  update_run: { asker: 'update_run', source: 'update_all', notify: false },
  api: { asker: 'api_key', source: 'api', notify: false },
};

/**
 * One member's update: who, where (the fields MemberUpdate describes), who asked and why.
 * `memberReadAt` is set by a trigger that read the member just now.
 */
export interface UpdateMemberRequest extends Pick<
  MemberUpdate,
  'guild' | 'config' | 'user' | 'account' | 'member' | 'memberReadAt'
> {
  trigger: UpdateTrigger;
  askedBy: UpdateAsker;
  /** an update run's cache of the chooser's kick and ban rights, read once a slice */
  removalRights?: RemovalRightsCache;
  /**
   * an update run's allowance of kicks and bans (domain/rules/removal-share.ts), asked before each
   * one: false leaves the member only denied for now (`removalHeld`)
   */
  mayRemove?: (action: RemovalAction) => Promise<boolean>;
}

/** What an update did, for each trigger to turn into its own answer. */
export interface UpdateMemberResult {
  /** the roles, nickname, DM, restriction and notes, as the verify routes answer them */
  result: VerifyResult;
  /**
   * the member's Roblox account may be named to others in this server once this update is done
   * (domain/privacy, mayShowLink): a trigger answering anyone but the member says nothing of it
   * otherwise
   */
  robloxShown: boolean;
  /** the run's allowance of kicks and bans was spent: the member was only denied, for now */
  removalHeld: boolean;
}

/**
 * Updates one member of a set-up server: the one way every trigger does it (the website's Verify,
 * /verify, the Verify button, /update, a join, an update run, the developer API). It reads the
 * facts (binds, live roles, what Roblox says, whether the member lets their account be shown
 * here), plans the update with the server's rules (restrictions, bypass roles, the nickname only
 * where the account may be shown: planMemberUpdate, pure), and applies it (roles and nickname,
 * a kick or ban only when its chooser could still make it, the DM, the audit entry the log
 * channel posts from). Only the member's own update counts as their consent. Who may trigger an
 * update, and how its answer reads, is the trigger's. Discord's refusal of the first change is
 * thrown (an ApiError), as are its outages.
 */
export async function updateMember(
  ctx: AppContext,
  request: UpdateMemberRequest,
): Promise<UpdateMemberResult> {
  const { trigger, askedBy } = request;
  const meaning = TRIGGERS[trigger];
  // a trigger speaks for its own kind of asker only: nobody else's update may count as the member's
  if (meaning.asker !== askedBy.kind)
    throw new Error(`A ${trigger} update is asked for by ${meaning.asker}, not ${askedBy.kind}.`);
  if (!request.config.setupCompleted)
    throw conflict('The bot setup of this server is not complete yet.', 'setup_incomplete');

  const actorUserId =
    askedBy.kind === 'member'
      ? request.user.id
      : askedBy.kind === 'moderator'
        ? askedBy.userId
        : null;
  const facts = await memberUpdateFacts(ctx, {
    guild: request.guild,
    config: request.config,
    user: request.user,
    account: request.account,
    member: request.member,
    ...(request.memberReadAt !== undefined && { memberReadAt: request.memberReadAt }),
    notify: meaning.notify,
    source: meaning.source,
    actorUserId,
  });
  let removalHeld = false;
  const { mayRemove } = request;
  const result = await applyMemberUpdate(ctx, planMemberUpdate(facts), {
    ...(request.removalRights && { removalRights: request.removalRights }),
    ...(mayRemove && {
      mayRemove: async (action: RemovalAction) => {
        const may = await mayRemove(action);
        removalHeld = !may;
        return may;
      },
    }),
  });
  return { result, robloxShown: facts.robloxShown, removalHeld };
}
