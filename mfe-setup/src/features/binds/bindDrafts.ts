import {
  BIND_PRIORITY_MAX,
  BIND_PRIORITY_MIN,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  type Bind,
  type BindGroup,
  type BindInput,
  type BindKind,
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
  /** the saved bind this row started as (bindKey), null for a row added in this edit */
  origin: string | null;
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

/** A saved bind taken out in this edit: which one (bindKey), and how to name it. */
export interface RemovedBind {
  origin: string;
  label: string;
}

/**
 * The editor's list: the saved binds as rows, changed where the owner changed them, the rows
 * they added, and the saved binds they took out. Saving sends only these changes, made to the
 * list as the server has it then (rebase), so every other bind stays as it is there.
 */
export interface Drafts {
  groups: GroupDraft[];
  items: ItemDraft[];
  removed: RemovedBind[];
}

export const NO_DRAFTS: Drafts = { groups: [], items: [], removed: [] };

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
    origin: null,
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
    origin: null,
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
  origin: bindKey(requestOfBind(bind)),
});

/** A saved bind as the editor would send it again. */
export function requestOfBind(bind: Bind): BindInput {
  const rule = {
    role_id: bind.role_id,
    ...(bind.nickname ? { nickname: bind.nickname } : {}),
    ...(bind.priority ? { priority: bind.priority } : {}),
  };
  if (bind.kind === 'group')
    return {
      group_id: bind.group_id,
      min_rank: bind.min_rank,
      max_rank: bind.max_rank,
      ...rule,
    };
  if (bind.kind === 'badge') return { kind: 'badge', badge_id: bind.badge_id, ...rule };
  if (bind.kind === 'gamepass') return { kind: 'gamepass', gamepass_id: bind.gamepass_id, ...rule };
  return { kind: 'asset', asset_id: bind.asset_id, ...rule };
}

/** Which bind this is, whatever order its fields came in: equal keys, the same bind. */
export function bindKey(input: BindInput): string {
  const b = input as BindInput & Record<string, unknown>;
  const kind = b.kind ?? 'group';
  const what =
    kind === 'group'
      ? [String(b.group_id), Number(b.min_rank), Number(b.max_rank)]
      : [String(b[`${kind}_id`])];
  const role = 'role_id' in b && b.role_id ? ['id', b.role_id] : ['name', b.role_name];
  return JSON.stringify([kind, ...what, ...role, b.nickname ?? '', b.priority ?? 0]);
}

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
  return { groups, items, removed: [] };
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

/** One rank range as sent. */
export const rowRequest = (groupId: string, row: RowDraft): BindInput => ({
  group_id: groupId,
  min_rank: Number(row.min),
  max_rank: Number(row.max),
  ...ruleRequest(row),
});

/** One badge, game pass or catalog item bind as sent. */
export function itemRequest(item: ItemDraft): BindInput {
  const id = item.itemId.trim();
  const rule = ruleRequest(item);
  if (item.kind === 'badge') return { kind: 'badge', badge_id: id, ...rule };
  if (item.kind === 'gamepass') return { kind: 'gamepass', gamepass_id: id, ...rule };
  return { kind: 'asset', asset_id: id, ...rule };
}

/** The request body, in the editor's order (group by group, row by row, then the item binds). */
export function toRequest({ groups, items }: Drafts): BindInput[] {
  return [
    ...groups.flatMap((group) => group.rows.map((row) => rowRequest(group.groupId, row))),
    ...items.map(itemRequest),
  ];
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

const isChanged = (request: BindInput, origin: string | null) =>
  origin !== null && bindKey(request) !== origin;

/** The owner's changes in this edit, each named by `describe`. */
export interface DraftChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface Describe {
  row: (group: GroupDraft, row: RowDraft) => string;
  item: (item: ItemDraft) => string;
}

export function changesOf(drafts: Drafts, describe: Describe): DraftChanges {
  const changes: DraftChanges = {
    added: [],
    changed: [],
    removed: drafts.removed.map((r) => r.label),
  };
  const sort = (origin: string | null, request: BindInput, label: () => string) => {
    if (origin === null) changes.added.push(label());
    else if (isChanged(request, origin)) changes.changed.push(label());
  };
  for (const group of drafts.groups)
    for (const row of group.rows)
      sort(row.origin, rowRequest(group.groupId, row), () => describe.row(group, row));
  for (const item of drafts.items) sort(item.origin, itemRequest(item), () => describe.item(item));
  return changes;
}

const binds = (n: number) => `${n} bind${n === 1 ? '' : 's'}`;

/** "adds 2 binds, changes 1 and removes 1"; null when nothing changed. */
export function changesInWords(c: DraftChanges): string | null {
  const parts = [
    c.added.length ? `adds ${binds(c.added.length)}` : null,
    c.changed.length ? `changes ${binds(c.changed.length)}` : null,
    c.removed.length ? `removes ${binds(c.removed.length)}` : null,
  ].filter((p): p is string => p !== null);
  if (!parts.length) return null;
  // the noun once is enough: "adds 2 binds, changes 1 and removes 1"
  const [first, ...rest] = parts;
  const tail = rest.map((p) => p.replace(/ binds?$/, ''));
  const all = [first!, ...tail];
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/** A multiset of keys: take one occurrence at a time (the same bind may be saved twice). */
function bag(keys: (string | null)[]) {
  const counts = new Map<string, number>();
  for (const k of keys) if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  return {
    take(key: string | null): boolean {
      const n = key === null ? 0 : (counts.get(key) ?? 0);
      if (!n) return false;
      counts.set(key!, n - 1);
      return true;
    },
  };
}

/**
 * The owner's edit made to another reading of the saved binds (`data`: the server's list now):
 * each saved bind is the owner's row where they had it (changed or not), is left out where they
 * removed it, and is as the server has it otherwise (a bind saved elsewhere meanwhile stays); the
 * rows they added follow their group's. A row whose saved bind is gone from the server stays only
 * when the owner changed it. Sending `toRequest` of this changes only what the owner changed.
 */
export function rebase(local: Drafts, data: BindsData): Drafts {
  const fresh = draftsFrom(data);
  const removedBag = bag(local.removed.map((r) => r.origin));
  const removed: RemovedBind[] = [];
  const dropIfRemoved = (origin: string | null) => {
    if (!removedBag.take(origin)) return false;
    const entry = local.removed.find((r) => r.origin === origin);
    if (entry) removed.push(entry);
    return true;
  };
  const used = new Set<number>();
  const localRows = local.groups.flatMap((g) => g.rows.map((row) => ({ group: g, row })));
  const takeRow = (groupId: string, origin: string | null) => {
    const found = localRows.find(
      ({ group, row }) => !used.has(row.key) && group.groupId === groupId && row.origin === origin,
    );
    if (found) used.add(found.row.key);
    return found?.row;
  };
  const takeItem = (origin: string | null) => {
    const found = local.items.find((i) => !used.has(i.key) && i.origin === origin);
    if (found) used.add(found.key);
    return found;
  };

  const groups: GroupDraft[] = fresh.groups.map((g) => {
    const mine = local.groups.find((l) => l.groupId === g.groupId);
    const rows = g.rows.flatMap((row) =>
      dropIfRemoved(row.origin) ? [] : [takeRow(g.groupId, row.origin) ?? row],
    );
    return {
      key: mine?.key ?? g.key,
      groupId: g.groupId,
      name: g.name ?? mine?.name ?? null,
      ranks: g.ranks.length ? g.ranks : (mine?.ranks ?? []),
      rows,
    };
  });
  // the owner's rows the server's list did not hold: added ones, and changed ones whose saved
  // bind went meanwhile; a group the owner added (or emptied) stays in their order
  for (const mine of local.groups) {
    const left = mine.rows.filter(
      (row) =>
        !used.has(row.key) &&
        (row.origin === null || isChanged(rowRequest(mine.groupId, row), row.origin)),
    );
    const there = groups.find((g) => g.groupId === mine.groupId);
    if (there) there.rows.push(...left);
    else if (left.length || mine.rows.length === 0) groups.push({ ...mine, rows: left });
  }
  const items: ItemDraft[] = fresh.items.flatMap((item) => {
    if (dropIfRemoved(item.origin)) return [];
    const mine = takeItem(item.origin);
    return [mine ? { ...mine, name: mine.name ?? item.name } : item];
  });
  items.push(
    ...local.items.filter(
      (i) => !used.has(i.key) && (i.origin === null || isChanged(itemRequest(i), i.origin)),
    ),
  );
  return { groups, items, removed };
}

/** How the editor names groups, items and roles in its sentences. */
export interface Names {
  group: (groupId: string) => string;
  item: (kind: ItemBindKind, id: string) => string | null;
  role: (roleId: string) => string;
}

const rankWords = (min: string | number, max: string | number) =>
  String(min) === String(max) ? `rank ${min}` : `ranks ${min}–${max}`;

/** "ranks 50–255 of Quartz Guild → Officer", "badge Obby Champion → Builder". */
export function describer(names: Names): Describe & { origin: (origin: string) => string } {
  const role = (r: RuleDraft) =>
    r.role === NEW_ROLE
      ? `${r.newRoleName.trim() || 'a new role'} (new)`
      : r.role
        ? names.role(r.role)
        : 'no role yet';
  const item = (kind: ItemBindKind, id: string) =>
    `${ITEM_KIND_WORDS[kind].one} ${names.item(kind, id) ?? id}`;
  return {
    row: (group, row) =>
      `${rankWords(row.min.trim(), row.max.trim())} of ${names.group(group.groupId)} → ${role(row)}`,
    item: (draft) => `${item(draft.kind, draft.itemId.trim())} → ${role(draft)}`,
    // a saved bind by its key (bindKey): [kind, ...what it checks, role kind, role, …]
    origin: (origin) => {
      const [kind, ...rest] = JSON.parse(origin) as [BindKind, ...(string | number)[]];
      const [roleKind, roleValue] = kind === 'group' ? rest.slice(3, 5) : rest.slice(1, 3);
      const roleName = roleKind === 'id' ? names.role(String(roleValue)) : `${roleValue} (new)`;
      const what =
        kind === 'group'
          ? `${rankWords(rest[1]!, rest[2]!)} of ${names.group(String(rest[0]))}`
          : item(kind, String(rest[0]));
      return `${what} → ${roleName}`;
    },
  };
}
