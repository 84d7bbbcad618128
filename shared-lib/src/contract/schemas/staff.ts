import { Type, type Static } from 'typebox';
import { SnowflakeSet } from './common';

/** At most this many manager roles, and as many updater roles (docs/product.md › Staff). */
export const MAX_STAFF_ROLES = 10;

const StaffRoleIds = (description: string) =>
  SnowflakeSet('a role of this server; not @everyone', MAX_STAFF_ROLES, description);

export const StaffRolesSchema = Type.Object(
  {
    manager_role_ids: StaffRoleIds(
      'members with one of these roles use this server’s console without Manage Server',
    ),
    updater_role_ids: StaffRoleIds(
      'members with one of these roles may /update other members and start member updates',
    ),
  },
  { additionalProperties: false },
);
/** PUT …/edit/staff-roles (answers ServerConfigData); also server_config.staff_roles */
export type StaffRoles = Static<typeof StaffRolesSchema>;
