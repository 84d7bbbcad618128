import { Type, type Static } from 'typebox';
import { BIND_PRIORITY_MAX, BIND_PRIORITY_MIN, MAX_BINDS, MAX_BYPASS_ROLES } from '../constants';
import { Nullable, Ok, ServerIdParams, Snowflake, errors } from './common';
import { BindKindSchema } from './binds';
import {
  JoinHandlingSchema,
  NicknameFormatSchema,
  NicknameTemplateSchema,
  ResyncScheduleSchema,
  RestrictionsSchema,
} from './servers';
import { ServerMessagesSchema } from './messages';
import { MAX_STAFF_ROLES } from './staff';

/** The backup's format; an import of any other is refused (400 unsupported_version). */
export const CONFIG_BACKUP_VERSION = 1;
/** The largest import body, in bytes: a full backup is well under a tenth of it. */
export const CONFIG_IMPORT_MAX_BYTES = 256 * 1024;

/** A role or channel as the backup names it: matched on import by id, then by name. */
const Named = (what: string) =>
  Type.Object(
    {
      id: Snowflake(`the ${what}'s id in the exported server`),
      name: Type.String({ maxLength: 100 }),
    },
    { additionalProperties: false },
  );
export const BackupRoleSchema = Named('role');
export type BackupRole = Static<typeof BackupRoleSchema>;
export const BackupChannelSchema = Named('channel');
const Roles = (maxItems: number, description: string) =>
  Type.Array(BackupRoleSchema, { maxItems, description });
const RobloxId = Type.String({ pattern: '^[1-9][0-9]{0,18}$' });

export const BackupBindSchema = Type.Object(
  {
    kind: BindKindSchema,
    group_id: Nullable(RobloxId),
    group_name: Nullable(Type.String({ maxLength: 200 })),
    min_rank: Type.Integer({ minimum: 0, maximum: 255 }),
    max_rank: Type.Integer({ minimum: 0, maximum: 255 }),
    item_id: Nullable(RobloxId),
    item_name: Nullable(Type.String({ maxLength: 200 })),
    nickname: Nullable(NicknameTemplateSchema),
    priority: Type.Integer({ minimum: BIND_PRIORITY_MIN, maximum: BIND_PRIORITY_MAX }),
    role: BackupRoleSchema,
  },
  { additionalProperties: false },
);
export type BackupBind = Static<typeof BackupBindSchema>;

/**
 * A server's whole configuration (docs/product.md › Backup and import): no secrets (no API keys,
 * no webhook, no tokens), roles and channels by id and name.
 */
export const ConfigBackupSchema = Type.Object(
  {
    version: Type.Literal(CONFIG_BACKUP_VERSION),
    settings: Type.Object(
      {
        nickname_format: NicknameFormatSchema,
        nickname_template: Nullable(NicknameTemplateSchema),
        verified_role: Nullable(BackupRoleSchema),
        unverified_role: Nullable(BackupRoleSchema),
        nickname_bypass_roles: Roles(MAX_BYPASS_ROLES, 'members with one keep their nickname'),
        role_bypass_roles: Roles(MAX_BYPASS_ROLES, 'members with one keep their roles'),
        join_handling: JoinHandlingSchema,
        join_dm: Type.Boolean(),
        log_channel: Nullable(BackupChannelSchema),
        resync: ResyncScheduleSchema,
      },
      { additionalProperties: false },
    ),
    binds: Type.Array(BackupBindSchema, { maxItems: MAX_BINDS }),
    restrictions: RestrictionsSchema,
    staff_roles: Type.Object(
      {
        manager_roles: Roles(MAX_STAFF_ROLES, 'manager roles'),
        updater_roles: Roles(MAX_STAFF_ROLES, 'updater roles'),
      },
      { additionalProperties: false },
    ),
    messages: ServerMessagesSchema,
  },
  { additionalProperties: false },
);
/** GET …/config/export; the body of POST …/config/import */
export type ConfigBackup = Static<typeof ConfigBackupSchema>;

export const ConfigImportQuerySchema = Type.Object(
  {
    dry_run: Type.Boolean({
      description: 'true: answer what would change and change nothing; false: apply it',
    }),
  },
  { additionalProperties: false },
);
export type ConfigImportQuery = Static<typeof ConfigImportQuerySchema>;

export const ConfigImportChangeSchema = Type.Object(
  {
    field: Type.String({ description: 'e.g. settings.nickname_format, binds, staff_roles' }),
    before: Type.String(),
    after: Type.String(),
  },
  { additionalProperties: false },
);
export const ConfigImportUnmatchedSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    field: Type.String({ description: 'where the backup names it, e.g. binds[2].role' }),
  },
  { additionalProperties: false },
);
export const ConfigImportResultSchema = Type.Object(
  {
    dry_run: Type.Boolean(),
    applied: Type.Boolean({ description: 'true once the real run changed the configuration' }),
    changes: Type.Array(ConfigImportChangeSchema),
    unmatched_roles: Type.Array(ConfigImportUnmatchedSchema, {
      description: 'roles found neither by id nor by name here: what names them is left out',
    }),
    unmatched_channels: Type.Array(ConfigImportUnmatchedSchema),
  },
  { additionalProperties: false },
);
export type ConfigImportResult = Static<typeof ConfigImportResultSchema>;

const common = { tags: ['servers'], security: [{ bearerAuth: [] }] };
export const configExportRoute = {
  ...common,
  params: ServerIdParams,
  summary: 'The server’s whole configuration as a versioned JSON backup (no secrets)',
  response: { 200: Ok(ConfigBackupSchema), ...errors(401, 403, 404, 502) },
};
export const configImportRoute = {
  ...common,
  params: ServerIdParams,
  querystring: ConfigImportQuerySchema,
  body: ConfigBackupSchema,
  summary:
    'Import a backup: roles and channels matched by id, then by name; a dry run answers what would change and changes nothing, the real run applies it all at once',
  response: { 200: Ok(ConfigImportResultSchema), ...errors(401, 403, 404, 409, 413, 502) },
};
