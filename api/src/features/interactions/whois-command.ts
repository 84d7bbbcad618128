import type { AppContext } from '../../context';
import { userOption, type Interaction, type Reply } from './interaction';
import { robloxProfileUrl } from '../../domain/accounts/linked';
import { lookUpLink } from '../../domain/privacy/look-up';

/**
 * /whois member:@user: the member's linked Roblox profile where they allow it to be shown, that
 * they keep it private here, or that they have none (docs/security.md › Member privacy). Every
 * lookup of a linked member is recorded for them to see.
 */
export async function whoisCommand(ctx: AppContext, interaction: Interaction): Promise<Reply> {
  const targetId = userOption(interaction, 'member');
  if (!targetId) return { content: 'Choose the member to look up: /whois member:@user.' };
  const guildId = interaction.guild_id;
  const asker = interaction.member?.user ?? interaction.user;
  if (!guildId || !asker) return { content: 'Use /whois inside a server.' };
  const outcome = await lookUpLink(
    ctx.db,
    guildId,
    { discordId: targetId },
    { kind: 'member', discordId: asker.id, name: asker.global_name || asker.username },
  );
  if (outcome.status === 'not_linked')
    return { content: `<@${targetId}> has not linked a Roblox account to RoConnect.` };
  if (outcome.status === 'private')
    return { content: `<@${targetId}> keeps their Roblox account private in this server.` };
  const { account } = outcome;
  return {
    content: `<@${targetId}> is ${account.displayName} (@${account.username}) on Roblox: ${robloxProfileUrl(account.robloxId)}`,
    link: { label: 'Roblox profile', url: robloxProfileUrl(account.robloxId) },
  };
}
