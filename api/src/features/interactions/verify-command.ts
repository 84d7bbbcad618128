import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { applyMemberUpdate, memberUpdateFacts } from '../../domain/verification/apply-member';
import { planMemberUpdate } from '../../domain/verification/plan-member-update';
import { describeChanges } from './describe';
import { readyGuild } from './guild-ready';
import type { Interaction, Reply } from './interaction';
import { linkedMember } from '../../domain/accounts/linked';

/** /verify: the caller, with their linked account, exactly as the website's Verify. */
export async function verifyCommand(ctx: AppContext, interaction: Interaction): Promise<Reply> {
  const member = interaction.member;
  if (!interaction.guild_id || !member) return { content: 'Use /verify inside a server.' };
  const linked = await linkedMember(ctx.db, member.user.id);
  if (!linked)
    return {
      content:
        'You have not linked a Roblox account to RoConnect yet. Link one on the dashboard, then run /verify again.',
      link: { label: 'Open the dashboard', url: `${ctx.settings.appUrl}/verify` },
    };
  const guild = await readyGuild(ctx, interaction.guild_id);
  if (!guild.ok) return { content: guild.message };
  try {
    const facts = await memberUpdateFacts(ctx, {
      guild: guild.live,
      config: guild.config,
      user: linked.user,
      account: linked.account,
      member: { user_id: member.user.id, nick: member.nick ?? null, roles: [...member.roles] },
      notify: true,
      source: 'discord',
      actorUserId: linked.user.id,
    });
    const result = await applyMemberUpdate(ctx, planMemberUpdate(facts));
    return {
      content: [
        `You are verified as ${linked.account.username} on Roblox.`,
        ...describeChanges(result),
      ].join('\n'),
    };
  } catch (err) {
    if (err instanceof ApiError) return { content: err.message };
    throw err;
  }
}
