/** Which audit entries are webhook events (api/README.md › Developer API › Webhooks). */
import type { AuditEvent, VerificationRecord } from '../../../src/domain/audit/record';
import { webhookEventOf } from '../../../src/domain/webhooks/events';

const record = (over: Partial<VerificationRecord>): VerificationRecord => ({
  guildId: '120000000000000001',
  source: 'website',
  actorUserId: null,
  member: {} as VerificationRecord['member'],
  account: { id: 'a', robloxId: '1', username: 'R' },
  rolesAdded: [],
  rolesRemoved: [],
  nicknameBefore: 'n',
  nicknameAfter: 'n',
  nicknameUpdated: false,
  nicknameByBot: true,
  dmSent: false,
  warnings: [],
  ...over,
});
const verification = (over: Partial<VerificationRecord>): AuditEvent => ({
  kind: 'verification',
  guildId: '120000000000000001',
  actor: { discordId: null, username: null },
  record: record(over),
});
const role = { id: '1', name: 'Verified' };

it.each([
  ['the website', verification({ source: 'website' }), 'member.verified'],
  ['Discord', verification({ source: 'discord' }), 'member.verified'],
  ['staff giving a role', verification({ source: 'staff', rolesAdded: [role] }), 'member.updated'],
  ['the API taking one', verification({ source: 'api', rolesRemoved: [role] }), 'member.updated'],
  [
    'an update of all members changing the nickname',
    verification({ source: 'update_all', nicknameBefore: 'a', nicknameAfter: 'b' }),
    'member.updated',
  ],
  ['an update that changed nothing', verification({ source: 'update_all' }), null],
  ['staff changing nothing', verification({ source: 'staff' }), null],
])('%s → %s', (_what, event, expected) => {
  expect(webhookEventOf(event)).toBe(expected);
});

it('an unlink clean-up is member.unlinked; setting changes and run summaries are no event', () => {
  expect(
    webhookEventOf({
      kind: 'unlink_cleanup',
      guildId: 'g',
      cleanup: {
        member: { discordId: '1', username: 'm' },
        account: { robloxId: '2', username: 'r' },
        rolesRemoved: [],
        nicknameReset: false,
        warnings: [],
      },
    }),
  ).toBe('member.unlinked');
  expect(
    webhookEventOf({
      kind: 'setting_change',
      guildId: 'g',
      actor: { discordId: null, username: null },
      setting: 'webhook',
      before: null,
      after: 'x',
    }),
  ).toBeNull();
});
