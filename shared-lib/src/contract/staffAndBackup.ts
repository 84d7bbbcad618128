/**
 * Delegated staff and configuration backups (docs/product.md › Staff, › Backup and import). The
 * types are the `Static` forms of the API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type { StaffRolesSchema } from './schemas/staff';
import type {
  BackupBindSchema,
  BackupRoleSchema,
  ConfigBackupSchema,
  ConfigImportQuerySchema,
  ConfigImportResultSchema,
} from './schemas/configBackup';

/** PUT …/edit/staff-roles (answers ServerConfigData); also server_config.staff_roles */
export type StaffRoles = Static<typeof StaffRolesSchema>;
/** GET …/config/export; the body of POST …/config/import */
export type ConfigBackup = Static<typeof ConfigBackupSchema>;
export type BackupRole = Static<typeof BackupRoleSchema>;
export type BackupBind = Static<typeof BackupBindSchema>;
export type ConfigImportQuery = Static<typeof ConfigImportQuerySchema>;
export type ConfigImportResult = Static<typeof ConfigImportResultSchema>;
