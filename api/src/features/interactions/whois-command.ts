import type { AppContext } from '../../context';
import { userOption, type Interaction, type Reply } from './interaction';
import { linkedMember, robloxProfileUrl } from '../../domain/accounts/linked';

/** /whois member:@user: the member's linked Roblox profile, or that they have none. */
export async function whoisCommand(ctx: AppContext, interaction: Interaction): Promise<Reply> {
  const targetId = userOption(interaction, 'member');
  if (!targetId) return { content: 'Choose the member to look up: /whois member:@user.' };
  const linked = await linkedMember(ctx.db, targetId);
  if (!linked) return { content: `<@${targetId}> has not linked a Roblox account to RoConnect.` };
  const { account } = linked;
  return {
    content: `<@${targetId}> is ${account.displayName} (@${account.username}) on Roblox: ${robloxProfileUrl(account.robloxId)}`,
    link: { label: 'Roblox profile', url: robloxProfileUrl(account.robloxId) },
  };
}
