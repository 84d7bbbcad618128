/** The rules on their own: each bind kind's judgement and reason, and each restriction's. */
import { bindNickname, judgeBind, judgeBinds, type RuleBind } from '@roconnect/shared-lib/contract';
import { restrictionReason } from '../../../src/domain/rules/restrictions';
import { managesServer } from '../../../src/domain/verification/plan-member-update';
import { NO_RESTRICTIONS } from '../../support/server-config';

const facts = {
  ranks: new Map([['7', 50]]),
  badges: new Map([
    ['1', true],
    ['2', false],
  ]),
  owned: new Map([
    ['gamepass:3', true],
    ['asset:4', false],
  ]),
  inventoryPrivate: false,
};
const bind = (b: Partial<RuleBind>): RuleBind => ({
  groupId: null,
  minRank: 0,
  maxRank: 0,
  roleId: 'r',
  roleName: 'Role',
  ...b,
});

describe('judgeBind', () => {
  it.each([
    [{ groupId: '7', groupName: 'Quartz Guild', minRank: 50, maxRank: 50 }, true, null],
    [
      { groupId: '7', groupName: 'Quartz Guild', minRank: 100, maxRank: 255 },
      false,
      'rank 50 in Quartz Guild; this role needs 100–255',
    ],
    [
      { groupId: '8', minRank: 1, maxRank: 255 },
      false,
      'not in group 8; this role needs rank 1–255',
    ],
    [{ groupId: '8', minRank: 0, maxRank: 0 }, true, null],
    [{ kind: 'badge', itemId: '1' }, true, null],
    [
      { kind: 'badge', itemId: '2', itemName: 'Obby Champion' },
      false,
      'the badge Obby Champion has not been awarded',
    ],
    [{ kind: 'gamepass', itemId: '3' }, true, null],
    [
      { kind: 'asset', itemId: '4', itemName: 'Fedora' },
      false,
      'the catalog item Fedora is not owned',
    ],
  ] as const)('%j → %s, %p', (b, earned, reason) => {
    const judged = judgeBind(bind(b as Partial<RuleBind>), facts);
    expect(judged).toEqual(earned ? { earned: true } : { earned: false, reason });
  });

  it('says the inventory is private, and unknown for what was never asked', () => {
    const secret = { ...facts, owned: new Map(), inventoryPrivate: true };
    expect(judgeBind(bind({ kind: 'gamepass', itemId: '3' }), secret)).toEqual({
      earned: false,
      reason: 'the inventory is private',
    });
    expect(judgeBind(bind({ kind: 'badge', itemId: '9' }), facts)).toEqual({ earned: null });
    expect(judgeBind(bind({ groupId: '7' }), { ...facts, ranks: undefined })).toEqual({
      earned: null,
    });
  });
});

describe('judgeBinds and bindNickname', () => {
  it('keeps a role earned through any bind, with the first failing bind’s reason otherwise', () => {
    const binds = [
      bind({ kind: 'badge', itemId: '2', roleId: 'a', itemName: 'B2' }),
      bind({ kind: 'badge', itemId: '1', roleId: 'a' }),
      bind({ kind: 'asset', itemId: '4', roleId: 'b', itemName: 'Hat' }),
      bind({ kind: 'badge', itemId: '2', roleId: 'b', itemName: 'B2' }),
    ];
    const judged = judgeBinds(binds, facts);
    expect(judged.earned.map((b) => b.roleId)).toEqual(['a']);
    expect([...judged.reasons]).toEqual([
      ['b', { roleName: 'Role', reason: 'the catalog item Hat is not owned' }],
    ]);
  });

  it('names by the highest priority, the first of equals', () => {
    expect(
      bindNickname([
        bind({ nickname: 'one', priority: 1 }),
        bind({ nickname: 'two', priority: 3 }),
        bind({ nickname: 'three', priority: 3 }),
        bind({ nickname: null, priority: 9 }),
      ]),
    ).toBe('two');
    expect(bindNickname([bind({})])).toBeNull();
  });
});

describe('restrictionReason', () => {
  const now = new Date('2026-01-31T00:00:00Z');
  const account = {
    robloxId: '42',
    ranks: new Map([['7', 1]]),
    createdAt: new Date('2026-01-30T00:00:00Z'),
  };
  it('says which restriction caught the account', () => {
    const r = NO_RESTRICTIONS;
    expect(restrictionReason(r, account, now)).toBeNull();
    expect(restrictionReason({ ...r, blocked_roblox_user_ids: ['42'] }, account, now)).toBe(
      'this Roblox account is blocked in this server',
    );
    expect(
      restrictionReason({ ...r, blocked_group_ids: ['7'] }, account, now, () => 'Quartz Guild'),
    ).toBe('members of the Roblox group Quartz Guild are blocked in this server');
    expect(restrictionReason({ ...r, min_account_age_days: 2 }, account, now)).toBe(
      'the Roblox account is 1 day old; this server needs 2',
    );
    expect(restrictionReason({ ...r, min_account_age_days: 1 }, account, now)).toBeNull();
    // an age Roblox could not tell restricts nobody
    expect(
      restrictionReason({ ...r, min_account_age_days: 9 }, { ...account, createdAt: null }, now),
    ).toBeNull();
  });
});

describe('managesServer', () => {
  const guild = { id: 'g', ownerDiscordId: 'owner' };
  const roles = [
    { id: 'g', name: '@everyone', position: 0, managed: false, permissions: '0' },
    { id: 'admin', name: 'Admin', position: 2, managed: false, permissions: String(1n << 3n) },
    { id: 'ms', name: 'MS', position: 1, managed: false, permissions: String(1n << 5n) },
    { id: 'kick', name: 'Kick', position: 1, managed: false, permissions: String(1n << 1n) },
  ];
  it('is the owner, or a member whose roles carry Administrator or Manage Server', () => {
    const member = (user_id: string, r: string[]) => ({ user_id, nick: null, roles: r });
    expect(managesServer(guild, member('owner', []), roles)).toBe(true);
    expect(managesServer(guild, member('m', ['admin']), roles)).toBe(true);
    expect(managesServer(guild, member('m', ['ms']), roles)).toBe(true);
    expect(managesServer(guild, member('m', ['kick']), roles)).toBe(false);
  });
});
