import fs from 'node:fs';
import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import { apiCall, DEMO_BUILDERS, setUpDemoBuilders, useFreshEmulator } from '../support/console';
import { inOwnBrowser } from '../support/member';

/**
 * Backup and import (docs/product.md › Backup and import) through the console: demo_user downloads
 * Demo Builders' configuration; alex_builds, who owns Tycoon Hangout (bot present, roles "Admins"
 * and "Verified" only), imports it there: the dry run names the role Tycoon Hangout lacks, then
 * the import applies the rest.
 */
const TYCOON = '300000000000000003';
const VIP_ROLE = '310000000000000004';
const DEMO = `/api/v1/server/${DEMO_BUILDERS}`;
const TYCOON_API = `/api/v1/server/${TYCOON}`;

useFreshEmulator();

test.afterEach(async ({ browser }) => {
  await inOwnBrowser(browser, (owner) =>
    apiCall(owner, 'PUT', `${DEMO}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: [],
    }),
  );
});

test('a backup of one server, imported into another: the dry run lists the missing role, the import applies the rest', async ({
  page,
  browser,
}, testInfo) => {
  // demo_user: Demo Builders with a bypass role Tycoon Hangout does not have, downloaded as a file
  const file = testInfo.outputPath('demo-builders.json');
  await inOwnBrowser(browser, async (owner) => {
    await setUpDemoBuilders(owner);
    await apiCall(owner, 'PUT', `${DEMO}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [VIP_ROLE],
      role_bypass_role_ids: [],
    });
    await apiCall(owner, 'PUT', `${DEMO}/automation`, { join_dm: true });
    await owner.goto(`/server/edit/${DEMO_BUILDERS}/backup`);
    const setup = remoteRegion(owner, 'mfe_setup');
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      setup.getByRole('button', { name: 'Download Backup' }).click(),
    ]);
    await download.saveAs(file);
  });
  const backup = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    version: number;
    settings: { nickname_bypass_roles: { name: string }[]; join_dm: boolean };
  };
  expect(backup.version).toBe(1);
  expect(backup.settings.nickname_bypass_roles).toEqual([{ id: VIP_ROLE, name: 'VIP' }]);
  expect(JSON.stringify(backup)).not.toMatch(/api_key|secret|token/i);

  // alex_builds, owner of Tycoon Hangout, sets it up and imports the file there
  await signIn(page, 'alex_builds');
  for (const [step, body] of [
    ['nickname', { nickname_format: 'roblox_username' }],
    ['verified-role', { verified_role_name: 'Verified' }],
    ['group', { skip: true }],
  ] as const)
    await apiCall(page, 'POST', `${TYCOON_API}/setup/${step}`, body);
  const before = (await apiCall(page, 'GET', `${TYCOON_API}/config/export`)).data;
  await page.goto(`/server/edit/${TYCOON}/backup`);
  const setup = remoteRegion(page, 'mfe_setup');
  await setup.getByLabel('Import a backup file').setInputFiles(file);
  await expect(setup.getByText('What demo-builders.json would change')).toBeVisible();
  await expect(setup.getByRole('list', { name: 'Not found in this server' })).toContainText(
    'VIP (settings.nickname_bypass_roles[0])',
  );
  await expect(setup.getByRole('list', { name: 'Changes' })).toContainText('settings.join_dm');
  // the dry run changed nothing
  expect((await apiCall(page, 'GET', `${TYCOON_API}/config/export`)).data).toEqual(before);

  await setup.getByRole('button', { name: 'Import Configuration' }).click();
  await expect(setup.getByText('Configuration imported')).toBeVisible();
  const after = (await apiCall(page, 'GET', `${TYCOON_API}/config/export`)).data as {
    settings: { join_dm: boolean; nickname_bypass_roles: unknown[] };
  };
  expect(after.settings.join_dm).toBe(true);
  expect(after.settings.nickname_bypass_roles).toEqual([]);
  // put Tycoon Hangout's join DM back for other specs
  await apiCall(page, 'PUT', `${TYCOON_API}/automation`, { join_dm: false });
});
