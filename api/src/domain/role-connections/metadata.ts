import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { roleConnectionMetadata } from '../../db/schema';
import type { RoleConnectionMetadataRecord } from '../../integrations/types';

/** Discord's metadata types (docs.discord.com › Application Role Connection Metadata › Type). */
const BOOLEAN_EQUAL = 7;
const DATETIME_LESS_THAN_OR_EQUAL = 5;

/**
 * What a server can require of a role through RoConnect. The account's age is a date, not a
 * number of days: Discord compares a DATETIME value with "the server's number of days before
 * today" at every check, so the age stays right as days pass, where a day count written at
 * verification would stay as it was until the next one.
 */
export const ROLE_CONNECTION_METADATA: RoleConnectionMetadataRecord[] = [
  {
    type: BOOLEAN_EQUAL,
    key: 'verified',
    name: 'Verified with Roblox',
    description: 'Has verified a linked Roblox account with RoConnect',
  },
  {
    type: DATETIME_LESS_THAN_OR_EQUAL,
    key: 'account_age_days',
    name: 'Roblox account age (days)',
    description: 'Days since the linked Roblox account was created',
  },
];

const hashOf = (records: RoleConnectionMetadataRecord[]) =>
  createHash('sha256').update(JSON.stringify(records)).digest('hex');

export type MetadataRegistration = 'registered' | 'unchanged' | 'failed';

/**
 * Registers the metadata records with Discord unless this application already has these very
 * records. Of several replicas starting at once, the one whose claim on the row lands registers
 * and the others see them as registered; a registration Discord refused gives the claim back, so
 * the next start tries again. Never throws: without the records, verification works all the
 * same, and Linked Roles only waits for them.
 */
export async function registerRoleConnectionMetadata(
  ctx: AppContext,
  records: RoleConnectionMetadataRecord[] = ROLE_CONNECTION_METADATA,
): Promise<MetadataRegistration> {
  const applicationId = ctx.settings.integrations.discordClientId;
  const hash = hashOf(records);
  let claimed = false;
  try {
    const won = await ctx.db
      .insert(roleConnectionMetadata)
      .values({ applicationId, metadataHash: hash })
      .onConflictDoUpdate({
        target: roleConnectionMetadata.applicationId,
        set: { metadataHash: hash, registeredAt: new Date() },
        setWhere: ne(roleConnectionMetadata.metadataHash, hash),
      })
      .returning({ applicationId: roleConnectionMetadata.applicationId });
    if (won.length === 0) return 'unchanged';
    claimed = true;
    await ctx.integrations.discordRoleConnections.putMetadata(records);
    ctx.log?.info({ keys: records.map((r) => r.key) }, 'registered role-connection metadata');
    return 'registered';
  } catch (err) {
    ctx.log?.warn(
      { error: err instanceof Error ? err.message : String(err) },
      'could not register the role-connection metadata; the next start tries again',
    );
    if (claimed)
      await ctx.db
        .delete(roleConnectionMetadata)
        .where(
          and(
            eq(roleConnectionMetadata.applicationId, applicationId),
            eq(roleConnectionMetadata.metadataHash, hash),
          ),
        )
        .catch(() => undefined);
    return 'failed';
  }
}
