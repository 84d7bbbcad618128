import { useFakeApp } from '../../support/harness';
import { testSettings } from '../../support/app';
import { callAs, loginAs } from '../../support/fake-login';
import { OLIVIA } from '../../support/world';

const t = useFakeApp();

it('after TOKEN_ENCRYPTION_KEY is rotated, a stored Discord token asks for a new sign-in (401 x-token-expired), never a 500', async () => {
  const s = await loginAs(t.app, OLIVIA);
  const rotated = await t.restartWith(testSettings({ TOKEN_ENCRYPTION_KEY: 'a'.repeat(64) }));
  const res = await callAs(rotated, s, 'POST', '/api/v1/dashboard/user/sync-servers');
  expect(res.statusCode).toBe(401);
  expect(res.headers['x-token-expired']).toBe('true');
  // signing in again stores tokens under the new key, and everything works
  const again = await loginAs(rotated, OLIVIA);
  const synced = await callAs(rotated, again, 'POST', '/api/v1/dashboard/user/sync-servers');
  expect(synced.statusCode).toBe(200);
});
