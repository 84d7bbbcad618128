/** The website's Verify updates the member through updateMember, as the member's own update. */
import { linkedMember } from '../../../src/domain/accounts/linked';
import { updateMember } from '../../../src/domain/verification/update-member';
import { callAs, completeSetup, linkRoblox, loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { auditedVerifications } from '../../support/watched-update-member';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE } from '../../support/world';

jest.mock('../../../src/domain/verification/update-member', () =>
  jest.requireActual('../../support/watched-update-member').watchedUpdateMember(),
);
const updates = jest.mocked(updateMember);

const t = useFakeApp();

it("the website's Verify goes through updateMember, audited as the member's own", async () => {
  await completeSetup(t.app, await loginAs(t.app, OLIVIA), GUILD_A, { group_id: GROUP });
  const max = await loginAs(t.app, MAX);
  await linkRoblox(t.app, max, PETE);
  const linked = (await linkedMember(t.app.ctx.db, MAX))!;
  updates.mockClear();

  const res = await callAs(t.app, max, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: linked.account.id,
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.roles_added).toEqual(['Verified', 'Member']);
  expect(updates).toHaveBeenCalledTimes(1);
  expect(updates.mock.calls[0]![1]).toMatchObject({
    trigger: 'website',
    askedBy: { kind: 'member' },
    guild: { id: GUILD_A },
    user: { discordId: MAX },
  });
  expect(await auditedVerifications(t.app.ctx.db, MAX)).toEqual([
    { source: 'website', actor: MAX },
  ]);
});
