import type { Bind, BindsData } from '@roconnect/shared-lib';
import {
  bindKey,
  changesInWords,
  changesOf,
  describer,
  draftsFrom,
  emptyRow,
  rebase,
  requestOfBind,
  toRequest,
  type Drafts,
} from './bindDrafts';

const ROLE = '200000000000000011';
const group = (min: number, max: number, group_id = '7001'): Bind => ({
  kind: 'group',
  group_id,
  min_rank: min,
  max_rank: max,
  role_id: ROLE,
  role_name: 'Verified',
  nickname: null,
  priority: 0,
});
const badge = (badge_id: string): Bind => ({
  kind: 'badge',
  badge_id,
  role_id: ROLE,
  role_name: 'Verified',
  nickname: null,
  priority: 0,
});
const data = (...binds: Bind[]): BindsData => ({
  binds,
  groups: [...new Set(binds.flatMap((b) => (b.kind === 'group' ? [b.group_id] : [])))].map(
    (id) => ({ id, name: `Group ${id}`, ranks: [] }),
  ),
  items: [],
});
const describe_ = describer({
  group: (id) => `Group ${id}`,
  item: () => null,
  role: () => 'Verified',
});
const asText = (drafts: Drafts) => toRequest(drafts).map((b) => bindKey(b));
const keys = (...binds: Bind[]) => binds.map((b) => bindKey(requestOfBind(b)));

describe('rebase: the owner’s edit made to the server’s list now', () => {
  it('an unchanged editor sends the server’s list as it is', () => {
    const local = draftsFrom(data(group(1, 1), badge('5')));
    expect(asText(rebase(local, data(group(1, 1), badge('5'), badge('6'))))).toEqual(
      keys(group(1, 1), badge('5'), badge('6')),
    );
  });

  it('a changed row replaces its saved bind, wherever the server has it now', () => {
    const local = draftsFrom(data(group(1, 1), group(2, 2)));
    local.groups[0]!.rows[1]!.max = '9';
    const server = data(group(2, 2), badge('5'), group(1, 1));
    expect(asText(rebase(local, server))).toEqual(keys(group(2, 9), group(1, 1), badge('5')));
    expect(changesOf(local, describe_)).toEqual({
      added: [],
      changed: ['ranks 2–9 of Group 7001 → Verified'],
      removed: [],
    });
  });

  it('takes out one of two equal binds when the owner removed one', () => {
    const local = draftsFrom(data(group(1, 1), group(1, 1)));
    const [first] = local.groups[0]!.rows;
    local.groups[0]!.rows.shift();
    local.removed.push({ origin: first!.origin!, label: 'rank 1' });
    expect(asText(rebase(local, data(group(1, 1), group(1, 1))))).toEqual(keys(group(1, 1)));
  });

  it('a removal of a bind the server no longer has is forgotten', () => {
    const local = draftsFrom(data(badge('5')));
    local.removed.push({ origin: local.items[0]!.origin!, label: 'badge 5' });
    local.items = [];
    const rebased = rebase(local, data(badge('6')));
    expect(asText(rebased)).toEqual(keys(badge('6')));
    expect(rebased.removed).toEqual([]);
  });

  it('a row whose saved bind went meanwhile stays only when the owner changed it', () => {
    const local = draftsFrom(data(badge('5'), badge('6')));
    local.items[1]!.itemId = '7';
    expect(asText(rebase(local, data()))).toEqual(keys(badge('7')));
  });

  it('added rows follow their group’s, and a group added in this edit stays', () => {
    const local = draftsFrom(data(group(1, 1)));
    local.groups[0]!.rows.push({ ...emptyRow(), min: '5', max: '5', role: ROLE });
    local.groups.push({
      key: -1,
      groupId: '8001',
      name: null,
      ranks: [],
      rows: [{ ...emptyRow(), min: '1', max: '1', role: ROLE }],
    });
    const server = data(group(1, 1), group(3, 3, '9001'));
    expect(asText(rebase(local, server))).toEqual(
      keys(group(1, 1), group(5, 5), group(3, 3, '9001'), group(1, 1, '8001')),
    );
    expect(changesInWords(changesOf(local, describe_))).toBe('adds 2 binds');
  });
});

it('names the changes in one sentence', () => {
  expect(changesInWords({ added: ['a'], changed: ['b', 'c'], removed: ['d'] })).toBe(
    'adds 1 bind, changes 2 and removes 1',
  );
  expect(changesInWords({ added: [], changed: [], removed: ['d', 'e'] })).toBe('removes 2 binds');
  expect(changesInWords({ added: [], changed: [], removed: [] })).toBeNull();
});
