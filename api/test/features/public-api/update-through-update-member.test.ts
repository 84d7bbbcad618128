/** The developer API's update goes through updateMember, asked by the key. */
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

it("a key's update of a member goes through updateMember, asked by that key", async () => {
  const olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A, { group_id: GROUP });
  const max = await loginAs(t.app, MAX);
  await linkRoblox(t.app, max, PETE);
  // Max shows his account in this server: the key gets the answer now
  const own = await callAs(t.app, max, 'PUT', '/api/v1/dashboard/user/privacy', {
    default_visible: true,
    servers: [{ server_id: GUILD_A, visible: true }],
  });
  expect(own.statusCode).toBe(200);
  const created = await callAs(t.app, olivia, 'POST', `/api/v1/server/${GUILD_A}/api-keys`, {
    name: 'Game server',
  });
  const { key, id: keyId } = created.json().data as { key: string; id: string };
  updates.mockClear();

  const res = await t.app.inject({
    method: 'POST',
    url: `/api/public/v1/servers/${GUILD_A}/members/${MAX}/update`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.roles_added).toEqual(['Verified', 'Member']);
  expect(updates).toHaveBeenCalledTimes(1);
  expect(updates.mock.calls[0]![1]).toMatchObject({
    trigger: 'api',
    askedBy: { kind: 'api_key', keyId },
    guild: { id: GUILD_A },
    user: { discordId: MAX },
  });
  expect(await auditedVerifications(t.app.ctx.db, MAX)).toEqual([{ source: 'api', actor: null }]);
});
