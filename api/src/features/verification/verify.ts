import type { VerifyResult } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { getUser } from '../../domain/accounts/users';
import { markBotPresence } from '../../domain/guilds/guild-store';
import { findAccount } from '../../domain/accounts/accounts';
import { findGuild, findMembership } from '../../domain/guilds/access';
import { getConfig } from '../../domain/config/config-store';
import { updateMember } from '../../domain/verification/update-member';

/** The website's Verify: the signed-in user, with one of their accounts, in a server they are in. */
export async function verifyInServer(
  ctx: AppContext,
  userId: string,
  guildId: string,
  accountId: string,
): Promise<VerifyResult> {
  const bot = ctx.integrations.discordBot;
  const account = await findAccount(ctx.db, accountId);
  if (!account) throw notFound('There is no linked account with this id.', 'account_not_found');
  if (account.userId !== userId)
    throw forbidden('This Roblox account is not linked to you.', 'not_your_account');

  const guild = await findGuild(ctx.db, guildId);
  if (!guild)
    throw notFound(
      'This server is unknown to RoConnect. Sync your servers and try again.',
      'server_not_found',
    );
  if (!(await findMembership(ctx.db, userId, guildId)))
    throw forbidden('You are not a member of this server.', 'not_a_member');
  const config = await getConfig(ctx.db, guildId);
  if (!guild.botPresent)
    throw conflict('The RoConnect bot is not in this server.', 'bot_not_in_server');
  if (!config?.setupCompleted)
    throw conflict('The bot setup of this server is not complete yet.', 'setup_incomplete');

  const user = await getUser(ctx.db, userId);
  if (!user) throw notFound('Your account no longer exists.', 'user_not_found');
  const live = await bot.getGuild(guildId);
  if (!live) {
    await markBotPresence(ctx.db, guildId, false);
    throw conflict('The RoConnect bot is no longer in this server.', 'bot_not_in_server');
  }
  const member = await bot.getMember(guildId, user.discordId);
  const memberReadAt = Date.now();
  if (!member) throw forbidden('You are not a member of this server.', 'not_a_member');

  const { result } = await updateMember(ctx, {
    trigger: 'website',
    askedBy: { kind: 'member' },
    guild: { id: guildId, name: live.name, ownerDiscordId: live.owner_id },
    config,
    user,
    account,
    member,
    memberReadAt,
  });
  return result;
}
