/** /verify, the Verify button and /update update the member through updateMember. */
import { InteractionSigner } from '@roconnect/emulator';
import { findUserByDiscordId } from '../../../src/domain/accounts/linked';
import { VERIFY_BUTTON_ID } from '../../../src/domain/config/verify-link';
import { updateMember } from '../../../src/domain/verification/update-member';
import { completeSetup, linkRoblox, loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { auditedVerifications } from '../../support/watched-update-member';
import { GROUP, GUILD_A, MAX, MO, OLIVIA, PETE } from '../../support/world';

jest.mock('../../../src/domain/verification/update-member', () =>
  jest.requireActual('../../support/watched-update-member').watchedUpdateMember(),
);
const updates = jest.mocked(updateMember);

const t = useFakeApp();
const signer = new InteractionSigner();
const MANAGE_GUILD = String(1n << 5n);

beforeEach(async () => {
  await completeSetup(t.app, await loginAs(t.app, OLIVIA), GUILD_A, { group_id: GROUP });
  await linkRoblox(t.app, await loginAs(t.app, MAX), PETE);
  updates.mockClear();
});

/** A signed interaction from `user` in Bot Guild, as Discord sends it; answers the reply's text. */
async function interact(
  user: string,
  data: object,
  type: 2 | 3,
  permissions = '0',
): Promise<string> {
  const body = JSON.stringify({
    id: String(Math.floor(Math.random() * 1e15)),
    application_id: '100000000000000001',
    token: 'interaction-token',
    version: 1,
    type,
    guild_id: GUILD_A,
    channel_id: '140000000000000001',
    member: { user: { id: user, username: `user_${user}` }, roles: [], permissions },
    data,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/interactions',
    headers: { 'content-type': 'application/json', ...signer.sign(body) },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { content: string } }).data.content;
}

const auditOfMax = () => auditedVerifications(t.app.ctx.db, MAX);

it.each([
  ['/verify', 'verify_command', { id: '1', name: 'verify', type: 1 }, 2],
  ['the Verify button', 'verify_button', { custom_id: VERIFY_BUTTON_ID, component_type: 2 }, 3],
] as const)('%s goes through updateMember as the member asking', async (_, trigger, data, type) => {
  const reply = await interact(MAX, data, type);
  expect(reply).toContain('You are verified as PlainPete on Roblox.');
  expect(updates).toHaveBeenCalledTimes(1);
  expect(updates.mock.calls[0]![1]).toMatchObject({
    trigger,
    askedBy: { kind: 'member' },
    guild: { id: GUILD_A },
    user: { discordId: MAX },
  });
  expect(await auditOfMax()).toEqual([{ source: 'discord', actor: MAX }]);
});

it('/update goes through updateMember as the moderator asking', async () => {
  await loginAs(t.app, MO);
  const mo = (await findUserByDiscordId(t.app.ctx.db, MO))!;
  const reply = await interact(
    MO,
    { id: '2', name: 'update', type: 1, options: [{ name: 'member', type: 6, value: MAX }] },
    2,
    MANAGE_GUILD,
  );
  expect(reply).toContain(`Updated <@${MAX}>.`);
  expect(updates).toHaveBeenCalledTimes(1);
  expect(updates.mock.calls[0]![1]).toMatchObject({
    trigger: 'update_command',
    askedBy: { kind: 'moderator', userId: mo.id },
    user: { discordId: MAX },
  });
  expect(await auditOfMax()).toEqual([{ source: 'staff', actor: MO }]);
});
