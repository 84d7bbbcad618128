import type { AuditEntry, AuditTextPart } from '@roconnect/shared-lib/contract';
import { partsText } from '../../domain/audit/names';

export const CSV_COLUMNS = [
  'at',
  'kind',
  'source',
  'actor_discord_id',
  'actor_username',
  'member_discord_id',
  'member_username',
  'roblox_id',
  'roblox_username',
  'roles_added',
  'roles_removed',
  'nickname_before',
  'nickname_after',
  'dm_sent',
  'warnings',
  'setting',
  'before',
  'after',
  // the names as the log shows them now (the columns above keep what was stored, ids included)
  'actor_name',
  'member_name',
  'roles_added_names',
  'roles_removed_names',
  'before_names',
  'after_names',
] as const;

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (names are chosen by users)
 * is prefixed with an apostrophe.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const list = (items: string[]) => items.join('; ');
const names = (parts: AuditTextPart[] | undefined, stored: string[]) =>
  list(parts ? parts.map((p) => p.text) : stored);

export function csvRow(e: AuditEntry): string {
  const v = e.kind === 'verification' ? e : null;
  const s = e.kind === 'setting_change' ? e : null;
  const cells: Record<(typeof CSV_COLUMNS)[number], string | boolean | null> = {
    at: e.at,
    kind: e.kind,
    source: v?.source ?? null,
    actor_discord_id: e.actor?.discord_id ?? null,
    actor_username: e.actor?.username ?? null,
    member_discord_id: v?.member.discord_id ?? null,
    member_username: v?.member.username ?? null,
    roblox_id: v?.roblox_account.roblox_id ?? null,
    roblox_username: v?.roblox_account.username ?? null,
    roles_added: v ? list(v.roles_added) : null,
    roles_removed: v ? list(v.roles_removed) : null,
    nickname_before: v?.nickname_before ?? null,
    nickname_after: v?.nickname_after ?? null,
    dm_sent: v ? v.dm_sent : null,
    warnings: v ? list(v.warnings) : null,
    setting: s?.setting ?? null,
    before: s?.before ?? null,
    after: s?.after ?? null,
    actor_name: e.actor ? (e.actor.name ?? e.actor.username) : null,
    member_name: v ? (v.member.name ?? v.member.username) : null,
    roles_added_names: v ? names(v.roles_added_named, v.roles_added) : null,
    roles_removed_names: v ? names(v.roles_removed_named, v.roles_removed) : null,
    before_names: s ? (partsText(s.before_named) ?? s.before) : null,
    after_names: s ? (partsText(s.after_named) ?? s.after) : null,
  };
  return CSV_COLUMNS.map((c) => csvCell(cells[c])).join(',');
}

export const csvHeader = () => CSV_COLUMNS.join(',');
