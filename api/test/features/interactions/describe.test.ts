/** /verify's and /update's reply lines: the changes, the notes, the roles not given and why. */
import type { VerifyResult } from '@roconnect/shared-lib/contract';
import { describeChanges, replyText } from '../../../src/features/interactions/describe';

const result = (changes: Partial<VerifyResult>): VerifyResult => ({
  roles_updated: false,
  nickname_updated: false,
  dm_sent: false,
  roles_added: [],
  roles_removed: [],
  nickname: null,
  warnings: [],
  not_given: [],
  restricted: null,
  restriction_action: null,
  ...changes,
});
const notGiven = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    role_id: String(i),
    role_name: `Rank ${i}`,
    reason: `rank 1 in Quartz Guild; this role needs ${i + 2}`,
  }));

it('lists each bound role not given with its reason, after the changes and notes', () => {
  expect(
    describeChanges(
      result({
        roles_added: ['VIP'],
        warnings: ['w'],
        not_given: [{ role_id: '1', role_name: 'Hat', reason: 'the inventory is private' }],
      }),
    ),
  ).toEqual(['Roles given: VIP.', 'Note: w', 'Not given: Hat: the inventory is private.']);
});

it('counts the roles not given past fifteen, and keeps a reply within 2,000 characters', () => {
  const lines = describeChanges(result({ not_given: notGiven(40) }));
  expect(lines).toHaveLength(1 + 15 + 1);
  expect(lines.at(-1)).toBe('…and 25 more roles not given.');
  const long = replyText(Array.from({ length: 60 }, (_, i) => `${i} ${'x'.repeat(60)}`));
  expect(long.length).toBeLessThanOrEqual(2000);
  expect(long.endsWith('\n…')).toBe(true);
});

it('says a restriction once, in its note, without a line per role', () => {
  const reason = 'this Roblox account is blocked in this server';
  expect(
    describeChanges(
      result({
        restricted: reason,
        warnings: [`You cannot verify in Obby Lounge: ${reason}.`],
        not_given: notGiven(3).map((n) => ({ ...n, reason })),
      }),
    ),
  ).toEqual([`Note: You cannot verify in Obby Lounge: ${reason}.`]);
});
