import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

/** The items and group the generated members' facts speak of. */
export const GENERATED = {
  groupId: '9001',
  badgeId: '910001',
  passId: '920001',
  hatId: '930001',
} as const;

/**
 * `count` verified members of a server as their verifications leave them (users, linked Roblox
 * accounts, member_rule_facts), made in three statements so that 10,000 take seconds. Member i
 * has rank (i % 4) * 50 in the group (0, 50, 100, 150), the badge when i is even, the game pass
 * when i % 3 = 0, the hat when i % 5 = 0, a private inventory when i % 11 = 0, an account
 * i % 400 days old, and holds `heldRoleId` when i % 2 = 1.
 */
export async function addVerifiedMembers(
  database: Database,
  guildId: string,
  count: number,
  heldRoleId: string,
): Promise<void> {
  const { groupId, badgeId, passId, hatId } = GENERATED;
  await database.db.execute(sql`
    INSERT INTO users (id, discord_id, username)
    SELECT md5('u' || i)::uuid, (180000000000000000 + i)::text, 'member_' || i
    FROM generate_series(1, ${count}) AS i`);
  await database.db.execute(sql`
    INSERT INTO roblox_accounts (id, user_id, roblox_id, username, display_name, verified)
    SELECT md5('a' || i)::uuid, md5('u' || i)::uuid, (1000000 + i)::text, 'rbx_' || i, 'Rbx ' || i, true
    FROM generate_series(1, ${count}) AS i`);
  await database.db.execute(sql`
    INSERT INTO member_rule_facts
      (guild_id, discord_id, roblox_id, group_ranks, badges, owned, inventory_private,
       roblox_created_at, role_ids, read_at)
    SELECT ${guildId}, (180000000000000000 + i)::text, (1000000 + i)::text,
      jsonb_build_object(${groupId}::text, (i % 4) * 50),
      jsonb_build_object(${badgeId}::text, i % 2 = 0),
      CASE WHEN i % 11 = 0 THEN '{}'::jsonb ELSE jsonb_build_object(
        ${`gamepass:${passId}`}::text, i % 3 = 0, ${`asset:${hatId}`}::text, i % 5 = 0) END,
      i % 11 = 0,
      now() - make_interval(days => i % 400),
      CASE WHEN i % 2 = 1 THEN jsonb_build_array(${heldRoleId}::text) ELSE '[]'::jsonb END,
      now()
    FROM generate_series(1, ${count}) AS i`);
}
