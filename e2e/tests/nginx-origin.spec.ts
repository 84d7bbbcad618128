import type { Page, Response } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';
import { apiCall, DEMO_BUILDERS } from '../support/console';
import { startNginxOrigin } from '../support/nginxOrigin';
import { openDashboardTabsAt, signInAt, toPlainOrigins } from '../support/oneOrigin';
import { useServedOrigin } from '../support/originScript';

// The app as deploy/nginx/roconnect.conf serves it in production: Debian's nginx on one HTTPS
// origin with HTTP/2, /_api/ straight to the API, the remotes' files from disk.
const origin = useServedOrigin(startNginxOrigin);

/** Every answer the page receives, from now on. */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

test('signed in through nginx, the dashboard and its tabs work with every call on its origin', async ({
  page,
}) => {
  await signInAt(page, origin());

  const responses = recordResponses(page);
  await openDashboardTabsAt(page, origin());

  const urls = responses.map((response) => response.url());
  // nothing from the plain stack's origins: scripts, manifests and calls all ride nginx's origin
  expect(toPlainOrigins(urls)).toEqual([]);
  const apiCalls = responses.filter((r) => r.url().startsWith(`${origin()}/_api/api/v1/`));
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const call of apiCalls) expect(call.status()).toBeLessThan(400);

  // the remotes' files came from disk with the remotes' cache rules
  const remoteFiles = responses.filter((r) => r.url().startsWith(`${origin()}/remotes/`));
  const chunk = remoteFiles.find((r) =>
    /\/remotes\/mfe_servers\/.*\.[0-9a-f]{8}\.js$/.test(r.url()),
  );
  expect(chunk, 'a hashed chunk of mfe_servers').toBeDefined();
  expect(await chunk!.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await chunk!.headerValue('server')).toBe('nginx');
  const manifest = remoteFiles.find((r) =>
    r.url().endsWith('/remotes/mfe_accounts/mf-manifest.json'),
  );
  expect(manifest, "mfe_accounts' manifest").toBeDefined();
  expect(await manifest!.headerValue('cache-control')).toBe('no-cache');
});

test("the API's internals are not on nginx's origin", async ({ page }) => {
  const health = await page.request.get(`${origin()}/_api/api/health`);
  expect(health.status()).toBe(200);
  for (const internal of ['/_api/metrics', '/_api/documentation/json']) {
    const answer = await page.request.get(`${origin()}${internal}`);
    expect(answer.status(), internal).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, error: 'not_found' });
  }
});

test("the developer API answers on nginx's origin: its OpenAPI document and a call with a server's key", async ({
  page,
}) => {
  const base = `${origin()}/_api/api/public/v1`;
  const document = await page.request.get(`${base}/openapi.json`);
  expect(document.status()).toBe(200);
  expect(Object.keys(((await document.json()) as { paths: object }).paths)).toContain(
    '/api/public/v1/servers/{server_id}/members/{discord_id}',
  );

  await signIn(page, 'demo_user');
  const created = (
    await apiCall(page, 'POST', `/api/v1/server/${DEMO_BUILDERS}/api-keys`, {
      name: 'E2E nginx origin',
    })
  ).data as { id: string; key: string };
  try {
    // Demo seed: alex_builds is a member of Demo Builders; linked and shown or 404, from the
    // API's own key check (its rate-limit headers), not nginx's 404 for unknown routes
    const member = `${base}/servers/${DEMO_BUILDERS}/members/200000000000000002`;
    const call = await page.request.get(member, {
      headers: { Authorization: `Bearer ${created.key}` },
    });
    expect([200, 404], `${call.status()} ${await call.text()}`).toContain(call.status());
    expect(call.headers()['x-ratelimit-limit']).toBeTruthy();
    if (call.status() === 404)
      expect(((await call.json()) as { message: string }).message).not.toBe(
        'There is no such API route.',
      );
    const wrongKey = await page.request.get(member, {
      headers: { Authorization: `Bearer rck_${'A'.repeat(43)}` },
    });
    expect(wrongKey.status()).toBe(401);
    expect(((await wrongKey.json()) as { error: string }).error).toBe('invalid_api_key');
  } finally {
    // the API's database outlives the spec: no key of this test stays live
    await apiCall(page, 'DELETE', `/api/v1/server/${DEMO_BUILDERS}/api-keys/${created.id}`);
  }
});
