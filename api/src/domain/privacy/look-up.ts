import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { robloxAccounts } from '../../db/schema';
import type { RobloxAccountRow } from '../accounts/accounts';
import { findUserByDiscordId, preferredAccount } from '../accounts/linked';
import { getUser, type UserRow } from '../accounts/users';
import { mayShowLink } from './consent';
import { recordLookup, type LookupActor } from './lookups';

/** Whom to look up in a server: a Discord member, or whoever linked a Roblox account. */
export type LookupTarget = { discordId: string } | { robloxId: string };

/**
 * What a lookup answers. `private`: linked, but the member keeps it private in that server; a
 * public answer must not tell this apart from `not_linked` (both 404 in the developer API).
 */
export type LookupOutcome =
  | { status: 'not_linked' }
  | { status: 'private'; user: UserRow }
  | { status: 'shown'; user: UserRow; account: RobloxAccountRow };

/**
 * Looks a member's link up in a server for `actor`, as /whois and the developer API do: the
 * member's consent for that server decides (mayShowLink), and the lookup of a linked member is
 * recorded for them (shown or not). By Discord id the account is the one they verify with
 * (preferredAccount); by Roblox id, that account.
 */
export async function lookUpLink(
  db: Db,
  guildId: string,
  target: LookupTarget,
  actor: LookupActor,
): Promise<LookupOutcome> {
  let user: UserRow | null;
  let account: RobloxAccountRow | null;
  if ('discordId' in target) {
    user = await findUserByDiscordId(db, target.discordId);
    account = user ? await preferredAccount(db, user.id) : null;
  } else {
    [account = null] = await db
      .select()
      .from(robloxAccounts)
      .where(eq(robloxAccounts.robloxId, target.robloxId));
    user = account ? await getUser(db, account.userId) : null;
  }
  if (!user || !account) return { status: 'not_linked' };
  const shown = await mayShowLink(db, user.id, guildId);
  await recordLookup(db, { subjectUserId: user.id, guildId, actor, shown });
  return shown ? { status: 'shown', user, account } : { status: 'private', user };
}
