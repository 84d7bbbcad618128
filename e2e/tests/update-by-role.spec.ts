import { expect, remoteRegion, signIn, test } from '../support/fixtures';
import { apiCall, DEMO_BUILDERS, setUpDemoBuilders, useFreshEmulator } from '../support/console';

/**
 * Update by role (docs/product.md › Update all members) in the console's Members & updates
 * section: demo_user updates only the members of Demo Builders holding "Member".
 */
const MEMBER_ROLE = '310000000000000003';

useFreshEmulator();

test('the owner updates only the members with one role, and the run says so', async ({ page }) => {
  await signIn(page);
  await setUpDemoBuilders(page);
  await page.goto(`/server/edit/${DEMO_BUILDERS}/members`);
  const setup = remoteRegion(page, 'mfe_setup');
  await setup.getByLabel('Members to update').selectOption({ label: 'Members with Member' });
  await setup.getByRole('button', { name: 'Update members with Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update members with Member?' });
  await expect(dialog).toContainText('every member with Member');
  await dialog.getByRole('button', { name: 'Update members with Member' }).click();
  // an earlier run on this stack may have finished already: wait for this one, by its role
  const latestRun = async () =>
    (await apiCall(page, 'GET', `/api/v1/server/${DEMO_BUILDERS}/members/update`)).data as {
      role_id: string | null;
      status: string;
    };
  await expect
    .poll(latestRun, { timeout: 30_000 })
    .toMatchObject({ role_id: MEMBER_ROLE, status: 'done' });
  await expect(setup.getByText('Update finished')).toBeVisible();
});
