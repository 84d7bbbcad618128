import {
  BIND_PRIORITY_MAX,
  BIND_PRIORITY_MIN,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  type Bind,
  type BindGroup,
  type BindInput,
  type BindsData,
  type ItemBindKind,
} from '@roconnect/shared-lib';

export const NEW_ROLE = '__new__';

/** What every bind has besides its Roblox rule: the role, and how it names the member. */
export interface RuleDraft {
  key: number;
  /** a role id, NEW_ROLE, or '' before a choice */
  role: string;
  newRoleName: string;
  /** a nickname template for members this bind matches; '' for the server's */
  nickname: string;
  /** '' for the default (0) */
  priority: string;
}

export interface RowDraft extends RuleDraft {
  min: string;
  max: string;
}

/** A badge, game pass or catalog item bind. */
export interface ItemDraft extends RuleDraft {
  kind: ItemBindKind;
  itemId: string;
  /** the item's name when the saved binds named it */
  name: string | null;
}

export interface Drafts {
  groups: GroupDraft[];
  items: ItemDraft[];
}

export const ITEM_KIND_WORDS: Record<ItemBindKind, { one: string; title: string }> = {
  badge: { one: 'badge', title: 'Badge' },
  gamepass: { one: 'game pass', title: 'Game pass' },
  asset: { one: 'catalog item', title: 'Catalog item' },
};

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
    nickname: '',
    priority: '',
  };
}

export function newItem(kind: ItemBindKind): ItemDraft {
  return {
    key: key(),
    kind,
    itemId: '',
    name: null,
    role: '',
    newRoleName: '',
    nickname: '',
    priority: '',
  };
}

const itemIdOf = (bind: Exclude<Bind, { kind: 'group' }>): string =>
  bind.kind === 'badge'
    ? bind.badge_id
    : bind.kind === 'gamepass'
      ? bind.gamepass_id
      : bind.asset_id;

const ruleOf = (bind: Bind) => ({
  role: bind.role_id,
  newRoleName: '',
  nickname: bind.nickname ?? '',
  priority: bind.priority ? String(bind.priority) : '',
});

export function newGroup(groupId: string): GroupDraft {
  return { key: key(), groupId, name: null, ranks: [], rows: [emptyRow()] };
}

/**
 * The saved binds: group binds grouped by Roblox group, then the item binds, each in the order
 * they were saved.
 */
export function draftsFrom(data: BindsData): Drafts {
  const groups: GroupDraft[] = [];
  const items: ItemDraft[] = [];
  for (const bind of data.binds) {
    if (bind.kind !== 'group') {
      const itemId = itemIdOf(bind);
      const info = data.items.find((i) => i.kind === bind.kind && i.id === itemId);
      items.push({
        key: key(),
        kind: bind.kind,
        itemId,
        name: info?.name ?? null,
        ...ruleOf(bind),
      });
      continue;
    }
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
      ...ruleOf(bind),
    });
  }
  return { groups, items };
}

const RANK = /^\d{1,3}$/;

/** What is wrong with one row, in a sentence; null when it can be saved. */
export function rowProblem(row: RowDraft): string | null {
  const min = RANK.test(row.min.trim()) ? Number(row.min) : NaN;
  const max = RANK.test(row.max.trim()) ? Number(row.max) : NaN;
  if (!(min >= 0 && min <= 255)) return 'The lowest rank must be a whole number from 0 to 255.';
  if (!(max >= 0 && max <= 255)) return 'The highest rank must be a whole number from 0 to 255.';
  if (min > max) return 'The lowest rank must not be above the highest rank.';
  return ruleProblem(row);
}

/** What is wrong with an item bind, in a sentence; null when it can be saved. */
export function itemProblem(item: ItemDraft): string | null {
  if (!/^\d{1,19}$/.test(item.itemId.trim()))
    return `Enter the ${ITEM_KIND_WORDS[item.kind].one} ID (a number).`;
  return ruleProblem(item);
}

function ruleProblem(row: RuleDraft): string | null {
  if (!row.role) return 'Choose a role, or create a new one.';
  if (row.role === NEW_ROLE) {
    const name = row.newRoleName.trim();
    if (!name) return 'Enter a name for the new role.';
    if (name.length > 100) return 'Role names can be at most 100 characters.';
    if (name === '@everyone') return 'The new role cannot be called @everyone.';
  }
  if (row.nickname.length > NICKNAME_TEMPLATE_MAX_LENGTH)
    return `A nickname template can be at most ${NICKNAME_TEMPLATE_MAX_LENGTH} characters.`;
  const priority = row.priority.trim();
  if (
    priority &&
    !(
      /^\d{1,4}$/.test(priority) &&
      Number(priority) >= BIND_PRIORITY_MIN &&
      Number(priority) <= BIND_PRIORITY_MAX
    )
  )
    return `The priority must be a whole number from ${BIND_PRIORITY_MIN} to ${BIND_PRIORITY_MAX}.`;
  return null;
}

/** Every row's problem by row key; empty when the whole list can be sent. */
export function problemsOf({ groups, items }: Drafts): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const row of groups.flatMap((g) => g.rows)) {
    const problem = rowProblem(row);
    if (problem) problems[row.key] = problem;
  }
  for (const item of items) {
    const problem = itemProblem(item);
    if (problem) problems[item.key] = problem;
  }
  return problems;
}

/** role, nickname and priority as sent; the nickname and priority only when set. */
function ruleRequest(row: RuleDraft) {
  return {
    ...(row.role === NEW_ROLE ? { role_name: row.newRoleName.trim() } : { role_id: row.role }),
    ...(row.nickname.trim() ? { nickname: row.nickname.trim() } : {}),
    ...(row.priority.trim() ? { priority: Number(row.priority) } : {}),
  } as { role_id: string } | { role_name: string };
}

/** The request body, in the editor's order (group by group, row by row, then the item binds). */
export function toRequest({ groups, items }: Drafts): BindInput[] {
  const groupBinds: BindInput[] = groups.flatMap((group) =>
    group.rows.map((row) => ({
      group_id: group.groupId,
      min_rank: Number(row.min),
      max_rank: Number(row.max),
      ...ruleRequest(row),
    })),
  );
  const itemBinds: BindInput[] = items.map((item) => {
    const id = item.itemId.trim();
    const rule = ruleRequest(item);
    if (item.kind === 'badge') return { kind: 'badge', badge_id: id, ...rule };
    if (item.kind === 'gamepass') return { kind: 'gamepass', gamepass_id: id, ...rule };
    return { kind: 'asset', asset_id: id, ...rule };
  });
  return [...groupBinds, ...itemBinds];
}

/** The saved binds as a request (for a preview of the list as saved). */
export function savedAsRequest(data: BindsData): BindInput[] {
  return toRequest(draftsFrom(data));
}

/** The row key an API refusal names (`body.binds[3]…`), counting rows in request order. */
export function rowKeyOfRefusal(drafts: Drafts, message: string | undefined): number | null {
  const match = message ? /body\.binds\[(\d+)\]/.exec(message) : null;
  if (!match) return null;
  const rows: RuleDraft[] = [...drafts.groups.flatMap((g) => g.rows), ...drafts.items];
  return rows[Number(match[1])]?.key ?? null;
}

/** 'body.binds[2].role_id: that role…' → 'That role…': the row already says which bind. */
export function withoutPointer(message: string): string {
  const text = /^body\.binds\[\d+\][.\w]*:/.test(message)
    ? message.replace(/^body\.binds\[\d+\][.\w]*:\s*/, '')
    : message.replace(/^body\.binds\[\d+\]\.?/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
