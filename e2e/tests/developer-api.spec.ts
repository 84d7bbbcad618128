import { API, expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  apiCall,
  DEMO_BUILDERS,
  openSection,
  section,
  setUpDemoBuilders,
  toasts,
  useConsoleSpec,
} from '../support/console';

/**
 * A server's Developers section (/server/edit/{id}/developers) through the shell, against the API:
 * the owner creates an API key (shown once), another program calls the public API with it, and
 * the page shows the key's last use; a revoked key is refused at once.
 */
/** Demo seed: alex_builds is a member of Demo Builders. */
const MEMBER_ID = '200000000000000002';
const KEY_NAME = 'E2E game server';
const SHOTS = 'developer-api';

const cleanups = useConsoleSpec();

test('the owner creates a key, sees it once, and sees its last use after a call with it; revoked, it is refused', async ({
  page,
}) => {
  await signIn(page, 'demo_user');
  await setUpDemoBuilders(page);
  cleanups.push(async () => {
    // the API's database outlives the spec: no key of this spec stays live
    const { data } = await apiCall(page, 'GET', `/api/v1/server/${DEMO_BUILDERS}/api-keys`);
    for (const key of data as { id: string; name: string }[])
      if (key.name === KEY_NAME)
        await apiCall(page, 'DELETE', `/api/v1/server/${DEMO_BUILDERS}/api-keys/${key.id}`);
  });

  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  await openSection(page, 'Developers');
  await page.waitForURL(`**/server/edit/${DEMO_BUILDERS}/developers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  const keys = section(page, 'API keys');
  await keys.getByLabel('Key name').fill(KEY_NAME);
  await keys.getByRole('button', { name: 'Create Key' }).click();
  const shown = keys.getByLabel(`New key "${KEY_NAME}"`);
  await expect(shown).toBeVisible();
  await expect(
    keys.getByText('This is the only time it is shown.', { exact: false }),
  ).toBeVisible();
  await expect(keys.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'developers page with a new key');
  const key = await shown.inputValue();
  expect(key.length).toBeGreaterThan(20);

  const row = keys.getByRole('listitem').filter({ hasText: KEY_NAME });
  await expect(row.getByText('Never used')).toBeVisible();
  const webhook = section(page, 'Webhook');
  await expect(webhook.getByText('No deliveries yet')).toBeVisible();
  // the key and its prefix differ each run
  const prefix = row.locator('code');
  await screenshots(page, SHOTS, 'developers-new-key', { mask: [shown, prefix] });

  // another program asks about a member with the key: answered (linked and shown) or 404, never refused
  const call = await page.request.get(
    `${API}/api/public/v1/servers/${DEMO_BUILDERS}/members/${MEMBER_ID}`,
    { headers: { Authorization: `Bearer ${key}` } },
  );
  expect([200, 404], `public API: ${call.status()} ${await call.text()}`).toContain(call.status());
  expect(call.headers()['x-ratelimit-limit']).toBeTruthy();

  // the key, once shown, is gone after a reload; its last use is there
  await page.reload();
  await expect(keys.getByLabel(`New key "${KEY_NAME}"`)).toHaveCount(0);
  await expect(row.getByText('Last used just now')).toBeVisible();
  await expect(webhook.getByText('No deliveries yet')).toBeVisible();
  await screenshots(page, SHOTS, 'developers-page', { mask: [prefix] });

  await row.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(toasts(page).getByText(`Key "${KEY_NAME}" revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const refused = await page.request.get(
    `${API}/api/public/v1/servers/${DEMO_BUILDERS}/members/${MEMBER_ID}`,
    { headers: { Authorization: `Bearer ${key}` } },
  );
  expect(refused.status()).toBe(401);
});
