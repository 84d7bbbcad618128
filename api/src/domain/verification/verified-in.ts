import { desc, eq, inArray, max } from 'drizzle-orm';
import type { AccountServerStatus } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { guilds, verifications } from '../../db/schema';

/**
 * Where each account verified: per server its newest verification with that account, newest
 * first, with the server's name (LinkedAccount.verified_in). One query for all the accounts.
 */
export async function verifiedInByAccount(
  db: Db,
  accountIds: string[],
): Promise<Map<string, AccountServerStatus[]>> {
  const out = new Map<string, AccountServerStatus[]>(accountIds.map((id) => [id, []]));
  if (!accountIds.length) return out;
  const at = max(verifications.createdAt);
  const rows = await db
    .select({
      accountId: verifications.robloxAccountId,
      guildId: verifications.guildId,
      name: guilds.name,
      at,
    })
    .from(verifications)
    .leftJoin(guilds, eq(guilds.id, verifications.guildId))
    .where(inArray(verifications.robloxAccountId, accountIds))
    .groupBy(verifications.robloxAccountId, verifications.guildId, guilds.name)
    .orderBy(desc(at), verifications.guildId);
  for (const r of rows) {
    if (!r.accountId || !r.at) continue;
    out.get(r.accountId)?.push({
      server_id: r.guildId,
      server_name: r.name || 'Unknown Server',
      verified_at: new Date(r.at).toISOString(),
    });
  }
  return out;
}
