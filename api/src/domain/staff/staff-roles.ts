import { and, eq } from 'drizzle-orm';
import type { StaffRoles } from '@roconnect/shared-lib/contract';
import { announceChange } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { guildConfigs, userGuilds } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { recordSettingChange } from '../audit/record';

/** What a member may do through their staff roles in one server (docs/product.md › Staff). */
export type StaffRight = 'manage' | 'update';

/** The server's staff roles as stored (none until an owner sets them). */
export async function getStaffRoles(db: Db, guildId: string): Promise<StaffRoles> {
  const [row] = await db
    .select({ managers: guildConfigs.managerRoleIds, updaters: guildConfigs.updaterRoleIds })
    .from(guildConfigs)
    .where(eq(guildConfigs.guildId, guildId));
  return staffRolesOf(row ? { managerRoleIds: row.managers, updaterRoleIds: row.updaters } : null);
}

export function staffRolesOf(
  row: { managerRoleIds?: string[] | null; updaterRoleIds?: string[] | null } | null,
): StaffRoles {
  return {
    manager_role_ids: [...(row?.managerRoleIds ?? [])],
    updater_role_ids: [...(row?.updaterRoleIds ?? [])],
  };
}

/**
 * Does a member holding `memberRoles` have this right through the staff roles? Managers may also
 * update members: the console they use starts member updates.
 */
export function staffRightOf(staff: StaffRoles, memberRoles: readonly string[], right: StaffRight) {
  const roles =
    right === 'manage'
      ? staff.manager_role_ids
      : [...staff.manager_role_ids, ...staff.updater_role_ids];
  return roles.some((id) => memberRoles.includes(id));
}

/**
 * Checks a body of staff roles against the server's live roles: each must be one of them and not
 * @everyone (400 naming the field and the id). Duplicates and the 10-role limit are the schema's.
 */
export function checkStaffRoles(
  body: StaffRoles,
  guildId: string,
  liveRoleIds: ReadonlySet<string>,
): void {
  for (const field of ['manager_role_ids', 'updater_role_ids'] as const)
    body[field].forEach((id, i) => {
      if (id === guildId)
        throw badRequest(
          `body.${field}[${i}]: @everyone cannot be a staff role: everyone would have it.`,
          'role_not_allowed',
        );
      if (!liveRoleIds.has(id))
        throw badRequest(
          `body.${field}[${i}]: the role ${id} does not exist in this server.`,
          'role_not_found',
        );
    });
}

/** The staff roles in words for the audit log, e.g. `managers: Mods; updaters: none`. */
export function describeStaffRoles(
  staff: StaffRoles,
  names: ReadonlyMap<string, string>,
): string | null {
  if (!staff.manager_role_ids.length && !staff.updater_role_ids.length) return null;
  const list = (ids: readonly string[]) =>
    ids.map((id) => names.get(id) ?? id).join(', ') || 'none';
  return `managers: ${list(staff.manager_role_ids)}; updaters: ${list(staff.updater_role_ids)}`;
}

/** Saves the staff roles and records the change in the audit log. */
export async function saveStaffRoles(
  db: Db,
  guildId: string,
  actorUserId: string,
  staff: StaffRoles,
  names: ReadonlyMap<string, string>,
): Promise<void> {
  const before = await getStaffRoles(db, guildId);
  const set = {
    managerRoleIds: [...staff.manager_role_ids],
    updaterRoleIds: [...staff.updater_role_ids],
    updatedBy: actorUserId,
    updatedAt: new Date(),
  };
  await db
    .insert(guildConfigs)
    .values({ guildId, ...set })
    .onConflictDoUpdate({ target: guildConfigs.guildId, set });
  await recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'staff_roles',
    before: describeStaffRoles(before, names),
    after: describeStaffRoles(staff, names),
  });
}

/**
 * Remembers whether the member held a manager role when last read live: the server list and the
 * cheap config reads go by it; every write reads the roles again (domain/guilds/access.ts).
 */
export async function markStaffManager(
  db: Db,
  userId: string,
  guildId: string,
  manager: boolean,
): Promise<void> {
  const rows = await db
    .update(userGuilds)
    .set({ staffManager: manager })
    .where(
      and(
        eq(userGuilds.userId, userId),
        eq(userGuilds.guildId, guildId),
        // only a change is written and announced: a page of console calls writes nothing
        eq(userGuilds.staffManager, !manager),
      ),
    )
    .returning({ id: userGuilds.guildId });
  if (rows.length) announceChange(db, 'user', userId);
}
