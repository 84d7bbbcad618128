import type { AuditEntry } from '@roconnect/shared-lib/contract';

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
  };
  return CSV_COLUMNS.map((c) => csvCell(cells[c])).join(',');
}

export const csvHeader = () => CSV_COLUMNS.join(',');
