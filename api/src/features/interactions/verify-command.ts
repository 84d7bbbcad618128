import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { updateMember } from '../../domain/verification/update-member';
import { describeChanges, replyText } from './describe';
import { readyGuild } from './guild-ready';
import type { Interaction, Reply } from './interaction';
import { linkedMember } from '../../domain/accounts/linked';
import { serverVerifyUrl } from '../../domain/config/verify-link';

/** /verify: the caller, with their linked account, exactly as the website's Verify. */
export const verifyCommand = (ctx: AppContext, interaction: Interaction) =>
  verifyCaller(ctx, interaction, 'verify_command', 'run /verify');

/** The Verify message's button: the same as /verify. */
export const verifyButton = (ctx: AppContext, interaction: Interaction) =>
  verifyCaller(ctx, interaction, 'verify_button', 'press Verify');

/**
 * The member who ran /verify or pressed Verify, verified in that server through the one domain
 * path (updateMember); without a linked account, the link to the website's verify page with
 * this server chosen.
 */
async function verifyCaller(
  ctx: AppContext,
  interaction: Interaction,
  trigger: 'verify_command' | 'verify_button',
  again: string,
): Promise<Reply> {
  const member = interaction.member;
  // Discord sent the member with the command, a moment ago: as fresh as a read
  const receivedAt = Date.now();
  if (!interaction.guild_id || !member) return { content: 'Use /verify inside a server.' };
  const linked = await linkedMember(ctx.db, member.user.id);
  if (!linked)
    return {
      content: `You have not linked a Roblox account to RoConnect yet. Link one on the website, then ${again} again.`,
      link: {
        label: 'Link your Roblox account',
        url: serverVerifyUrl(ctx.settings.appUrl, interaction.guild_id),
      },
    };
  const guild = await readyGuild(ctx, interaction.guild_id);
  if (!guild.ok) return { content: guild.message };
  try {
    const { result } = await updateMember(ctx, {
      trigger,
      askedBy: { kind: 'member' },
      guild: guild.live,
      config: guild.config,
      user: linked.user,
      account: linked.account,
      member: { user_id: member.user.id, nick: member.nick ?? null, roles: [...member.roles] },
      memberReadAt: receivedAt,
    });
    // a restriction's reason is the first note: no "verified" line for a member it caught
    return {
      content: replyText([
        ...(result.restricted ? [] : [`You are verified as ${linked.account.username} on Roblox.`]),
        ...describeChanges(result),
      ]),
    };
  } catch (err) {
    if (err instanceof ApiError) return { content: err.message };
    throw err;
  }
}
