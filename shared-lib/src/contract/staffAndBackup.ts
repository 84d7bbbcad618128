/**
 * Delegated staff and configuration backups (docs/product.md › Staff, › Backup and import). The
 * types are the `Static` forms of the API's schemas, declared beside them and exported here as types only.
 */
export type { StaffRoles } from './schemas/staff';
export type {
  ConfigBackup,
  BackupRole,
  BackupBind,
  ConfigImportQuery,
  ConfigImportResult,
} from './schemas/configBackup';
