import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { updateMember } from '../../domain/verification/update-member';
import { describeChanges, replyText } from './describe';
import { readyGuild } from './guild-ready';
import { canUpdateOthers, userOption, type Interaction, type Reply } from './interaction';
import { findUserByDiscordId, linkedMember } from '../../domain/accounts/linked';
import { getStaffRoles, staffRightOf } from '../../domain/staff/staff-roles';

/** /update member:@user: staff re-apply another member's roles and nickname. */
export async function updateCommand(ctx: AppContext, interaction: Interaction): Promise<Reply> {
  if (!interaction.guild_id || !interaction.member)
    return { content: 'Use /update inside a server.' };
  const guildId = interaction.guild_id;
  // roles the bot cannot read grant nothing: such a member is refused like one without the right
  const loadRoles = () => ctx.integrations.discordBot.listRoles(guildId).catch(() => []);
  // staff roles count as Discord sends the member's roles with the (signed) interaction
  const staffRole = async () =>
    staffRightOf(await getStaffRoles(ctx.db, guildId), interaction.member!.roles, 'update');
  if (!(await canUpdateOthers(interaction.member, guildId, loadRoles)) && !(await staffRole()))
    return {
      content: 'You need the Manage Roles or Manage Server permission to use /update.',
    };
  const targetId = userOption(interaction, 'member');
  if (!targetId) return { content: 'Choose the member to update: /update member:@user.' };
  const linked = await linkedMember(ctx.db, targetId);
  if (!linked) return { content: `<@${targetId}> has not linked a Roblox account to RoConnect.` };
  const guild = await readyGuild(ctx, interaction.guild_id);
  if (!guild.ok) return { content: guild.message };
  const member = await ctx.integrations.discordBot.getMember(interaction.guild_id, targetId);
  const memberReadAt = Date.now();
  if (!member) return { content: `<@${targetId}> is not a member of this server.` };
  const actor = await findUserByDiscordId(ctx.db, interaction.member.user.id);
  try {
    const { result, robloxShown: shown } = await updateMember(ctx, {
      trigger: 'update_command',
      askedBy: { kind: 'moderator', userId: actor?.id ?? null },
      guild: guild.live,
      config: guild.config,
      user: linked.user,
      account: linked.account,
      member,
      memberReadAt,
    });
    // staff read the Roblox account, and notes that name its groups or age, only where the member
    // lets it be shown here (docs/security.md › Member privacy); the audit log keeps the notes
    const notes = result.warnings.length + result.not_given.length;
    const lines = describeChanges(shown ? result : { ...result, warnings: [], not_given: [] }).map(
      (l) =>
        l === 'Your roles and nickname were already up to date.'
          ? 'Their roles and nickname were already up to date.'
          : l,
    );
    if (!shown && notes)
      lines.push(
        `Their Roblox account is not shown in this server, so the ${notes === 1 ? 'note is' : `${notes} notes are`} in the audit log on the dashboard.`,
      );
    return {
      content: replyText([
        shown
          ? `Updated <@${targetId}> (${linked.account.username} on Roblox).`
          : `Updated <@${targetId}>.`,
        ...lines,
      ]),
    };
  } catch (err) {
    if (err instanceof ApiError) return { content: err.message };
    throw err;
  }
}
