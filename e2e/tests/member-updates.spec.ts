import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { EMULATOR, expect, remoteRegion, signIn, test } from '../support/fixtures';

const API = 'http://localhost:3000';
const EMULATOR_CONTROL = 'http://127.0.0.1:3100/__emulator';
/** Demo seed: demo_user owns Demo Builders (bot present); alex_builds is a member there. */
const DEMO_BUILDERS = '300000000000000001';

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token, 'signed in').toBeTruthy();
  return token!;
}

async function apiCall(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: object,
) {
  const response = await request.fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as { data: unknown };
}

/** alex_builds links the DemoBuilder Roblox account, so Demo Builders has a member to update. */
async function linkAlex(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, 'alex_builds');
    const token = await accessToken(page);
    const linked = (
      await apiCall(page.request, token, 'GET', '/api/v1/dashboard/user/linked-accounts')
    ).data as { roblox_username: string }[];
    if (linked.some((a) => a.roblox_username === 'DemoBuilder')) return;
    await page.goto('/dashboard?tab=accounts');
    const accounts = remoteRegion(page, 'mfe_accounts');
    await accounts.getByRole('button', { name: /Link (Roblox|Another) Account/ }).click();
    await page.waitForURL(`${EMULATOR}/oauth/v1/authorize**`);
    await page.getByRole('button', { name: 'Continue as DemoBuilder' }).click();
    await page.waitForURL('**/dashboard**');
  } finally {
    await context.close();
  }
}

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${EMULATOR_CONTROL}/reset`)).ok()).toBe(true);
});

test('Update all members asks first, shows live progress, then the summary', async ({
  page,
  browser,
}) => {
  await linkAlex(browser);
  await signIn(page, 'demo_user');
  const token = await accessToken(page);
  const setup = `/api/v1/server/${DEMO_BUILDERS}/setup`;
  await apiCall(page.request, token, 'POST', `${setup}/nickname`, {
    nickname_format: 'roblox_username',
  });
  await apiCall(page.request, token, 'POST', `${setup}/verified-role`, {
    verified_role_name: 'Verified',
  });
  await apiCall(page.request, token, 'POST', `${setup}/group`, { skip: true });

  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  const section = page.getByRole('region', { name: 'Update all members' });
  await expect(section.getByRole('button', { name: 'Update all members' })).toBeEnabled();

  // One bot request a second: the run takes a few seconds, so its progress is there to see.
  // (the beforeEach reset of the next test puts the emulator's own limits back)
  const slow = await page.request.put(`${EMULATOR_CONTROL}/rate-limits`, {
    data: { per_route_limit: 50, per_route_reset_after: 1, global_per_second: 1 },
  });
  expect(slow.ok()).toBe(true);

  await section.getByRole('button', { name: 'Update all members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update all members?' });
  await expect(dialog).toContainText('re-apply the roles and nickname of every member');
  await dialog.getByRole('button', { name: 'Update all members' }).click();

  const bar = section.getByRole('progressbar', { name: 'Member update progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemin', '0');
  await expect(section.getByRole('button', { name: 'Cancel update' })).toBeVisible();
  await expect(section.getByText(/of \d+ members? updated|Waiting to start/)).toBeVisible();

  const summary = section.getByRole('status');
  await expect(summary).toContainText('Update finished', { timeout: 45_000 });
  await expect(summary).toContainText(/\d+ members? updated\./);
  await expect(bar).toHaveCount(0);

  // Alex got the Verified role and their Roblox name in Discord
  const state = (await (await page.request.get(`${EMULATOR_CONTROL}/state`)).json()) as {
    discord: {
      guilds: {
        id: string;
        members: { username: string; nick: string | null; role_names: string[] }[];
      }[];
    };
  };
  const alex = state.discord.guilds
    .find((g) => g.id === DEMO_BUILDERS)!
    .members.find((m) => m.username === 'alex_builds')!;
  expect(alex.role_names).toContain('Verified');
  expect(alex.nick).toBe('DemoBuilder');

  // after a reload the page still shows how the last run ended
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Update all members' }).getByRole('status'),
  ).toContainText('Update finished');
});
