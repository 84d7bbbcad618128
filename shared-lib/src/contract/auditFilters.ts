/**
 * What the audit log's action filter offers (GET …/audit?action=): verifications, and each
 * setting a change of which is recorded (api/src/domain/audit/record.ts, AuditSetting).
 */
export const AUDIT_ACTIONS = [
  'verification',
  'nickname_format',
  'verified_role',
  'unverified_role',
  'binds',
  'log_channel',
  'join_handling',
  'join_dm',
  'resync',
  'verify_message',
  'bypass_roles',
  'restrictions',
  'messages',
  'ban_evasion',
  'staff_roles',
  'config_import',
  'api_keys',
  'webhook',
  'webhook_test',
  'webhook_retry',
] as const;

/** The longest name the audit log's name filter takes. */
export const AUDIT_NAME_FILTER_MAX_LENGTH = 100;
