import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditSource,
} from '@roconnect/shared-lib';
import { nicknameFormatLabel } from '../nickname/nicknameFormatOptions';

const SETTINGS: Record<string, string> = {
  nickname_format: 'Nickname format',
  verified_role: 'Verified role',
  unverified_role: 'Unverified role',
  binds: 'Role binds',
  group: 'Group',
  log_channel: 'Log channel',
  join_handling: 'Join handling',
  join_dm: 'Join DM',
  resync: 'Scheduled resync',
  verify_message: 'Verify message',
  bypass_roles: 'Bypass roles',
  restrictions: 'Restrictions',
  messages: 'Messages',
  ban_evasion: 'Possible ban evasion',
  staff_roles: 'Staff roles',
  config_import: 'Configuration import',
  api_keys: 'API keys',
  webhook: 'Webhook',
  webhook_test: 'Webhook test',
  webhook_retry: 'Webhook delivery sent again',
};

/** The words the Discord settings page uses for a setting's stored values. */
const VALUES: Record<string, Record<string, string>> = {
  join_handling: { verify: 'Verify new members', off: 'Off' },
  join_dm: { on: 'On', off: 'Off' },
  resync: { off: 'Off', daily: 'Daily', weekly: 'Weekly' },
};

const SOURCES: Record<AuditSource, string> = {
  website: 'on the website',
  discord: 'in Discord',
  staff: 'by staff',
  update_all: 'by an update of all members',
  api: 'through the developer API',
};

export const settingLabel = (setting: string) => SETTINGS[setting] ?? setting.replace(/_/g, ' ');

/** Entries that record an action rather than a setting's change, in the log's words. */
const ACTIONS: Record<string, string> = {
  webhook_test: 'Sent a test webhook',
  webhook_retry: 'Sent a webhook delivery again',
};

/** What a setting change entry says happened: "Changed Verified role", "Sent a test webhook". */
export const settingChangeText = (setting: string) =>
  ACTIONS[setting] ?? `Changed ${settingLabel(setting)}`;
export const sourceLabel = (source: AuditSource) => SOURCES[source] ?? source;

/** Who did it: the actor's display name, or RoConnect itself. */
export const actorName = (entry: AuditEntry) =>
  entry.actor ? entry.actor.name || entry.actor.username : 'RoConnect';

/** The action filter's choices, in the log's words. */
export const actionLabel = (action: AuditAction) =>
  action === 'verification' ? 'Verifications' : settingLabel(action);
export const ACTION_CHOICES = AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }));

/**
 * 'before → after', with '(none)' for an empty side; nickname formats and the Discord settings'
 * values by their labels.
 */
export function change(before: string | null, after: string | null, setting?: string): string {
  const show = (value: string | null) => {
    if (value === null) return '(none)';
    if (setting === 'nickname_format') return nicknameFormatLabel(value);
    return (setting && VALUES[setting]?.[value]) ?? value;
  };
  return `${show(before)} → ${show(after)}`;
}
