import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { apiCall, DEMO_BUILDERS, section, toasts, useConsoleSpec } from '../support/console';
import { startServiceProcess, stopServiceProcess } from '../support/stack';

/**
 * The Developers section's webhook tools (docs/product.md › Developers) through the shell,
 * against the API: the example call to copy, a test event sent to the owner's endpoint, the
 * delivery log, and a failed delivery sent again. The endpoint is this machine, so the API runs
 * with ALLOW_PRIVATE_WEBHOOKS (and retries a second apart) for this spec only.
 */
const cleanups = useConsoleSpec();

/** The API again, with `env` on top of the stack's own settings (none: as the stack starts it). */
async function restartApi(env: Record<string, string>) {
  for (const name of ['ALLOW_PRIVATE_WEBHOOKS', 'WEBHOOK_RETRY_DELAY_SECONDS'])
    delete process.env[name];
  Object.assign(process.env, env);
  await stopServiceProcess('api');
  await startServiceProcess('api');
}

/** An endpoint on this machine: answers 500 until `accept` is set, keeping what it got. */
async function endpoint() {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const state = { accept: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = state.accept ? 200 : 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/roconnect`,
    got,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('the owner copies the example call, sends a test webhook, and sends its failed delivery again', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await restartApi({ ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
  cleanups.push(() => restartApi({}));
  const hook = await endpoint();
  cleanups.push(hook.close);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'demo_user');
  cleanups.push(async () => {
    await apiCall(page, 'PUT', `/api/v1/server/${DEMO_BUILDERS}/webhook`, { url: null });
  });

  await page.goto(`/server/edit/${DEMO_BUILDERS}/developers`);
  const keys = section(page, 'API keys');
  // the example call: this server's id, a placeholder for the key
  const lookup = keys.locator('pre').first();
  await expect(lookup).toContainText(`curl -H "Authorization: Bearer YOUR_API_KEY" `);
  await expect(lookup).toContainText(
    `/api/public/v1/servers/${DEMO_BUILDERS}/members/DISCORD_USER_ID`,
  );
  await keys.getByRole('button', { name: 'Copy: Look up a member’s Roblox account' }).click();
  await expect(toasts(page).getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    (await lookup.textContent())!,
  );

  const webhook = section(page, 'Webhook');
  await webhook.getByLabel('Webhook address').fill(hook.url);
  await webhook.getByRole('button', { name: 'Save Webhook' }).click();
  await webhook.getByRole('button', { name: 'I saved it' }).click();

  await webhook.getByRole('button', { name: 'Send test webhook' }).click();
  await expect(toasts(page).getByText('Test event sent')).toBeVisible();
  const deliveries = webhook.getByRole('list', { name: 'Recent deliveries' });
  const testDelivery = deliveries.getByRole('listitem').filter({ hasText: 'webhook.test' });
  await expect(testDelivery).toBeVisible();
  await expect.poll(() => hook.got.length).toBeGreaterThan(0);
  expect(hook.got[0]!.headers['x-roconnect-event']).toBe('webhook.test');
  expect(hook.got[0]!.headers['x-roconnect-signature']).toMatch(/^v1=[0-9a-f]{64}$/);

  // the endpoint answers 500 to every attempt: the list says so, then the delivery fails
  await expect(testDelivery).toContainText('HTTP 500');
  await expect(testDelivery.getByText('Failed')).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousViolations(page, 'the developers section with a failed delivery');

  hook.state.accept = true;
  await testDelivery.getByRole('button', { name: /^Retry the webhook\.test delivery/ }).click();
  await expect(toasts(page).getByText('Delivery sent again')).toBeVisible();
  await expect(testDelivery.getByText('Delivered')).toBeVisible({ timeout: 20_000 });
  await expect(testDelivery.getByRole('button', { name: /^Retry/ })).toHaveCount(0);

  // both actions are in the audit log, by the owner
  await page.goto(`/server/edit/${DEMO_BUILDERS}/audit`);
  const audit = section(page, 'Audit Log');
  await expect(
    audit.getByRole('row').filter({ hasText: 'Sent a test webhook' }).first(),
  ).toBeVisible();
  await expect(
    audit.getByRole('row').filter({ hasText: 'Sent a webhook delivery again' }).first(),
  ).toContainText('Demo User');
});
