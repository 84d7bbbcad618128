/**
 * Saving a game-pass, asset or badge bind tells "Roblox says it does not exist" (404
 * item_not_found) from "Roblox could not tell now" (an outage, a throttle, a route that answers
 * without Roblox's error body): the second is a 502 to try again, never "does not exist".
 */
import { IntegrationError } from '../../../src/integrations/types';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { GUILD_A, OLIVIA } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
const PASS = '9100001';

beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
  await completeSetup(t.app, olivia, GUILD_A);
});

const saveBind = () =>
  callAs(t.app, olivia, 'PUT', `/api/v1/server/${GUILD_A}/binds`, {
    binds: [{ kind: 'gamepass', gamepass_id: PASS, role_name: 'VIP' }],
  });

it('refuses with 502 "could not tell" when Roblox cannot answer whether the item exists', async () => {
  jest
    .spyOn(t.app.ctx.integrations.roblox, 'getItemName')
    .mockRejectedValueOnce(
      new IntegrationError(
        'roblox',
        'unavailable',
        'Roblox could not load the game pass (HTTP 404). Try again in a few minutes.',
        undefined,
        404,
      ),
    );
  const res = await saveBind();
  expect(res.statusCode).toBe(502);
  expect(res.json()).toMatchObject({
    error: 'roblox_unavailable',
    message: `body.binds[0].gamepass_id: Roblox could not tell whether game pass ${PASS} exists right now. Try again later.`,
  });
  // nothing was made for a bind that was not saved
  expect(t.world.guilds.get(GUILD_A)!.roles.some((r) => r.name === 'VIP')).toBe(false);
});

it('still refuses with 404 item_not_found when Roblox says the item does not exist', async () => {
  const res = await saveBind();
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ error: 'item_not_found' });
});
