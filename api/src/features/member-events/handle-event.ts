import type { VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { findUserByDiscordId, linkedMember } from '../../domain/accounts/linked';
import { discordSettingsOf, getConfig } from '../../domain/config/config-store';
import { serverVerifyUrl } from '../../domain/config/verify-link';
import { welcomeDmText } from '../../domain/messages/render';
import { getServerMessages, NO_SERVER_MESSAGES } from '../../domain/messages/store';
import { discordLiteral } from '../../domain/rules/display-text';
import { updateMember } from '../../domain/verification/update-member';
import {
  applyUnverifiedRole,
  type UnverifiedRoleOutcome,
} from '../../domain/verification/unverified-role';
import { IntegrationError } from '../../integrations/types';
import { ApiError } from '../../lib/errors';
import type { MemberEvent } from './events';
import { recordPresence } from './presence-store';

export type MemberEventOutcome =
  | { kind: 'verified'; result: VerifyResult }
  | {
      kind: 'unlinked';
      unverifiedRole: UnverifiedRoleOutcome;
      dmSent: boolean;
      /** why the join DM was not sent, when Discord refused it */
      dmSkipped?: string;
    }
  /** Discord refused the first change (the bot's role too low, a role gone): not worth a retry */
  | { kind: 'refused'; message: string }
  | { kind: 'left' }
  | {
      kind: 'skipped';
      reason:
        | 'newer_event_seen'
        | 'setup_incomplete'
        | 'join_handling_off'
        | 'bot_not_in_server'
        | 'member_gone';
    };

/**
 * The join DM of an unlinked member: where to verify. The server's name is its managers' text in
 * a message from RoConnect: written as plain text, so it can carry no link of theirs.
 */
export function joinDmText(serverName: string, verifyUrl: string): string {
  return `Welcome to ${discordLiteral(serverName, 'the server')}! Link your Roblox account and verify to get your roles: ${verifyUrl}`;
}

/**
 * One member event, as the job engine runs it. A leave only marks the member gone in that server:
 * nothing is written to Discord. A join, unless the server turned join handling off:
 * a linked member is verified with the server's configuration through updateMember, as
 * the website's Verify (roles, binds, nickname, the DM); an unlinked one gets the unverified role
 * when the server has one and, when it asks for it, a DM with its verify link.
 * Discord's outages and rate limits are thrown, so the engine tries the job again later.
 */
export async function handleMemberEvent(
  ctx: AppContext,
  event: MemberEvent,
): Promise<MemberEventOutcome> {
  const { guildId, userId } = event;
  const newest = await recordPresence(
    ctx.db,
    guildId,
    userId,
    event.kind === 'join' ? 'present' : 'gone',
    new Date(event.at),
  );
  if (event.kind === 'leave') return { kind: 'left' };
  // they left again after this join (a late retry or a replay): nothing to give them
  if (!newest) return { kind: 'skipped', reason: 'newer_event_seen' };

  const config = await getConfig(ctx.db, guildId);
  if (!config?.setupCompleted) return { kind: 'skipped', reason: 'setup_incomplete' };
  const settings = discordSettingsOf(config);
  if (settings.joinHandling === 'off') return { kind: 'skipped', reason: 'join_handling_off' };

  const bot = ctx.integrations.discordBot;
  const live = await bot.getGuild(guildId);
  if (!live) return { kind: 'skipped', reason: 'bot_not_in_server' };
  const member = await bot.getMember(guildId, userId);
  const memberReadAt = Date.now();
  if (!member) return { kind: 'skipped', reason: 'member_gone' };

  const linked = await linkedMember(ctx.db, userId);
  if (linked) {
    try {
      const { result } = await updateMember(ctx, {
        trigger: 'join',
        // from Discord, with nobody asking: RoConnect itself is the actor
        askedBy: { kind: 'bot' },
        guild: { id: guildId, name: live.name, ownerDiscordId: live.owner_id },
        config,
        user: linked.user,
        account: linked.account,
        member,
        memberReadAt,
      });
      return { kind: 'verified', result };
    } catch (err) {
      if (err instanceof ApiError) return { kind: 'refused', message: err.message };
      throw err;
    }
  }

  const unverifiedRole = await applyUnverifiedRole(ctx, {
    guildId,
    config,
    member,
    isVerified: false,
  });
  let dmSent = false;
  let dmSkipped: string | undefined;
  if (settings.joinDm) {
    try {
      const verifyUrl = serverVerifyUrl(ctx.settings.appUrl, guildId);
      const { welcome_dm: own } = await getServerMessages(ctx.db, guildId);
      // the joiner's name, where RoConnect knows it (they signed in once) or Discord shows one
      const joiner = await findUserByDiscordId(ctx.db, userId);
      // the server's own welcome (docs/product.md › Messages), else RoConnect's
      const text = own
        ? welcomeDmText(
            { ...NO_SERVER_MESSAGES, welcome_dm: own },
            {
              'discord-name': joiner?.globalName || joiner?.username || member.nick || 'there',
              'server-name': live.name,
            },
            verifyUrl,
          )
        : joinDmText(live.name, verifyUrl);
      await bot.sendDirectMessage(userId, text);
      dmSent = true;
    } catch (err) {
      // their privacy settings block it, or Discord says the bot opens DMs too fast (a raid): the
      // welcome is a courtesy, never worth a retry, and retrying would only open more DMs
      if (!(
        err instanceof IntegrationError &&
        (err.kind === 'cannot_dm' || err.kind === 'dm_rate_limited')
      ))
        throw err;
      dmSkipped = err.message;
    }
  }
  return { kind: 'unlinked', unverifiedRole, dmSent, ...(dmSkipped ? { dmSkipped } : {}) };
}
