import { createHash } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { roleConnectionMetadata } from '../../db/schema';
import type { RoleConnectionMetadataRecord } from '../../integrations/types';
import { LINKED_ROLES_METADATA } from '@roconnect/shared-lib/contract';

/**
 * What a server can require of a role through RoConnect (the one list, shared with the owners'
 * guide in the console: shared-lib/src/contract/linkedRolesMetadata.ts, which says why the age is
 * a date).
 */
export const ROLE_CONNECTION_METADATA: RoleConnectionMetadataRecord[] = LINKED_ROLES_METADATA.map(
  (record) => ({ ...record }),
);

const hashOf = (records: RoleConnectionMetadataRecord[]) =>
  createHash('sha256').update(JSON.stringify(records)).digest('hex');

/** the fields RoConnect sets, in order: what tells two sets of records apart */
const sameRecords = (a: RoleConnectionMetadataRecord[], b: RoleConnectionMetadataRecord[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.type === b[i]!.type &&
      r.key === b[i]!.key &&
      r.name === b[i]!.name &&
      r.description === b[i]!.description,
  );

/** how long a replica's registration of these records stands for the others starting meanwhile */
const CLAIM_MS = 60_000;

export type MetadataRegistration = 'registered' | 'unchanged' | 'failed';

/**
 * Registers the metadata records with Discord unless Discord has these very records already (one
 * read at each start: records changed elsewhere, in the developer portal or a restarted emulator,
 * are put right). Of several replicas starting at once, the one whose claim on the row lands
 * registers, and the others leave it to that one for a minute; a registration Discord refused
 * gives the claim back. Never throws: without the records verification works all the same, and
 * Linked Roles waits for the next start.
 */
export async function registerRoleConnectionMetadata(
  ctx: AppContext,
  records: RoleConnectionMetadataRecord[] = ROLE_CONNECTION_METADATA,
): Promise<MetadataRegistration> {
  const applicationId = ctx.settings.integrations.discordClientId;
  const client = ctx.integrations.discordRoleConnections;
  const hash = hashOf(records);
  let claimed = false;
  try {
    if (sameRecords(await client.getMetadata(), records)) return 'unchanged';
    const won = await ctx.db
      .insert(roleConnectionMetadata)
      .values({ applicationId, metadataHash: hash })
      .onConflictDoUpdate({
        target: roleConnectionMetadata.applicationId,
        set: { metadataHash: hash, registeredAt: new Date() },
        setWhere: or(
          ne(roleConnectionMetadata.metadataHash, hash),
          lt(roleConnectionMetadata.registeredAt, new Date(Date.now() - CLAIM_MS)),
        ),
      })
      .returning({ applicationId: roleConnectionMetadata.applicationId });
    if (won.length === 0) return 'unchanged';
    claimed = true;
    await client.putMetadata(records);
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
