import type { APIRequestContext, Page } from '@playwright/test';
import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import {
  apiCall,
  DEMO_BUILDERS,
  resetEmulator,
  setUpDemoBuilders,
  slashCommand,
} from '../support/console';
import { inOwnBrowser, openSyncedServersTab, serverCard } from '../support/member';

/**
 * Delegated staff (docs/product.md › Staff) through the shell, against the API and the emulator's
 * demo seed: alex_builds is a plain member of Demo Builders (no Manage Server) holding "Member";
 * the owner, demo_user, makes "Member" a manager role and an updater role.
 */
const MEMBER_ROLE = '310000000000000003';
const ALEX = { username: 'alex_builds', id: '200000000000000002' };
const SAM_ID = '200000000000000003';
const BASE = `/api/v1/server/${DEMO_BUILDERS}`;

async function setStaff(owner: Page, roleIds: string[]) {
  await apiCall(owner, 'PUT', `${BASE}/edit/staff-roles`, {
    manager_role_ids: roleIds,
    updater_role_ids: roleIds,
  });
}

/** What the bot answers when alex_builds types /update member:@target in Demo Builders. */
const slashUpdate = (request: APIRequestContext, target: string) =>
  slashCommand(request, ALEX.id, 'update', target);

test.beforeEach(async ({ request, browser }) => {
  await resetEmulator(request);
  await inOwnBrowser(browser, async (owner) => {
    await setUpDemoBuilders(owner);
    await setStaff(owner, []);
  });
});

test.afterEach(async ({ browser }) => {
  // other specs expect Demo Builders without staff roles (quiet_sam holds "Member" too)
  await inOwnBrowser(browser, async (owner) => {
    await setStaff(owner, []);
    await apiCall(owner, 'PUT', `${BASE}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: [],
    });
  });
});

test('a staff member without Manage Server manages Demo Builders through the console', async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  // the refusal of the staff roles below is the browser's failed resource load
  allowConsoleErrors(/status of 403 .*edit\/staff-roles/);
  await inOwnBrowser(browser, (owner) => setStaff(owner, [MEMBER_ROLE]));
  await signIn(page, ALEX.username);
  await openSyncedServersTab(page);
  const card = serverCard(page, 'Demo Builders');
  await card.getByRole('button', { name: 'Manage' }).click();
  await page.waitForURL(`**/server/edit/${DEMO_BUILDERS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  // a console write: the bypass roles
  await page.goto(`/server/edit/${DEMO_BUILDERS}/bypass`);
  const setup = remoteRegion(page, 'mfe_setup');
  await setup
    .getByRole('group', { name: 'Keep their nickname' })
    .getByRole('checkbox', { name: 'Member' })
    .check();
  await setup.getByRole('button', { name: 'Save Bypass Roles' }).click();
  await expect(page.getByText('Bypass roles saved').last()).toBeVisible();

  // the staff roles themselves stay with Manage Server
  await page.goto(`/server/edit/${DEMO_BUILDERS}/staff`);
  await setup.getByRole('button', { name: 'Save Staff Roles' }).click();
  await expect(setup.getByText(/a manager role is not enough/)).toBeVisible();
  // still signed in: the refusal was about one setting, not the session
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('an updater runs /update on another member; without the role they are refused', async ({
  request,
  browser,
}) => {
  expect(await slashUpdate(request, SAM_ID)).toBe(
    'You need the Manage Roles or Manage Server permission to use /update.',
  );
  await inOwnBrowser(browser, (owner) => setStaff(owner, [MEMBER_ROLE]));
  const answer = await slashUpdate(request, SAM_ID);
  expect(answer).not.toContain('You need the Manage Roles');
  expect(answer).toContain(`<@${SAM_ID}>`);
});
