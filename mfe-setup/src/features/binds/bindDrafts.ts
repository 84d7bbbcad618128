import type { BindGroup, BindInput, BindsData } from '@roconnect/shared-lib';

export const NEW_ROLE = '__new__';

export interface RowDraft {
  key: number;
  min: string;
  max: string;
  /** a role id, NEW_ROLE, or '' before a choice */
  role: string;
  newRoleName: string;
}

export interface GroupDraft {
  key: number;
  groupId: string;
  name: string | null;
  /** empty until the API has read the group (a group added in this edit) */
  ranks: BindGroup['ranks'];
  rows: RowDraft[];
}

let nextKey = 1;
const key = () => nextKey++;

export function emptyRow(ranks: BindGroup['ranks'] = []): RowDraft {
  const lowest = ranks.find((r) => r.rank > 0) ?? ranks[0];
  const highest = ranks[ranks.length - 1];
  return {
    key: key(),
    min: lowest ? String(lowest.rank) : '1',
    max: highest ? String(highest.rank) : '255',
    role: '',
    newRoleName: '',
  };
}

export function newGroup(groupId: string): GroupDraft {
  return { key: key(), groupId, name: null, ranks: [], rows: [emptyRow()] };
}

/** The saved binds, grouped by Roblox group in the order they were saved. */
export function draftsFrom(data: BindsData): GroupDraft[] {
  const groups: GroupDraft[] = [];
  for (const bind of data.binds) {
    // this editor edits group binds only (badge, game pass and item binds are the binds editor's)
    if (bind.kind !== 'group') continue;
    let group = groups.find((g) => g.groupId === bind.group_id);
    if (!group) {
      const info = data.groups.find((g) => g.id === bind.group_id);
      group = {
        key: key(),
        groupId: bind.group_id,
        name: info?.name ?? null,
        ranks: info?.ranks ?? [],
        rows: [],
      };
      groups.push(group);
    }
    group.rows.push({
      key: key(),
      min: String(bind.min_rank),
      max: String(bind.max_rank),
      role: bind.role_id,
      newRoleName: '',
    });
  }
  return groups;
}

const RANK = /^\d{1,3}$/;

/** What is wrong with one row, in a sentence; null when it can be saved. */
export function rowProblem(row: RowDraft): string | null {
  const min = RANK.test(row.min.trim()) ? Number(row.min) : NaN;
  const max = RANK.test(row.max.trim()) ? Number(row.max) : NaN;
  if (!(min >= 0 && min <= 255)) return 'The lowest rank must be a whole number from 0 to 255.';
  if (!(max >= 0 && max <= 255)) return 'The highest rank must be a whole number from 0 to 255.';
  if (min > max) return 'The lowest rank must not be above the highest rank.';
  if (!row.role) return 'Choose a role, or create a new one.';
  if (row.role === NEW_ROLE) {
    const name = row.newRoleName.trim();
    if (!name) return 'Enter a name for the new role.';
    if (name.length > 100) return 'Role names can be at most 100 characters.';
    if (name === '@everyone') return 'The new role cannot be called @everyone.';
  }
  return null;
}

/** The request body, in the editor's order (group by group, row by row). */
export function toRequest(groups: GroupDraft[]): BindInput[] {
  return groups.flatMap((group) =>
    group.rows.map((row) => ({
      group_id: group.groupId,
      min_rank: Number(row.min),
      max_rank: Number(row.max),
      ...(row.role === NEW_ROLE ? { role_name: row.newRoleName.trim() } : { role_id: row.role }),
    })),
  );
}

/** The row key an API refusal names (`body.binds[3]…`), counting rows in request order. */
export function rowKeyOfRefusal(groups: GroupDraft[], message: string | undefined): number | null {
  const match = message ? /body\.binds\[(\d+)\]/.exec(message) : null;
  if (!match) return null;
  const rows = groups.flatMap((g) => g.rows);
  return rows[Number(match[1])]?.key ?? null;
}

/** 'body.binds[2].role_id: that role…' → 'That role…': the row already says which bind. */
export function withoutPointer(message: string): string {
  const text = /^body\.binds\[\d+\][.\w]*:/.test(message)
    ? message.replace(/^body\.binds\[\d+\][.\w]*:\s*/, '')
    : message.replace(/^body\.binds\[\d+\]\.?/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
