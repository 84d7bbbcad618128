import { expect, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  DEMO_BUILDERS,
  emulatorGuild,
  section,
  setUpDemoBuilders,
  useConsoleSpec,
} from '../support/console';

/**
 * The audit log on a phone (docs/product.md › Audit log) through the shell, against the API and
 * the emulator: at 375 px its entries name roles and people (ids on hover), wrap without a
 * sideways scroll, and filter by a member's name.
 */
const PHONE = { width: 375, height: 812 };

useConsoleSpec();

test('at 375 px the audit log names roles and people, wraps, and filters by name', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'demo_user');
  // the setup's steps are entries by Demo User; the verified role is named with its id beside
  await setUpDemoBuilders(page);
  const verified = (await emulatorGuild(page.request, DEMO_BUILDERS)).roles.find(
    (r) => r.name === 'Verified',
  )!;

  await page.goto(`/server/edit/${DEMO_BUILDERS}/audit`);
  const audit = section(page, 'Audit Log');
  const entry = audit.getByRole('row').filter({ hasText: 'Changed Verified role' }).first();
  await expect(entry).toBeVisible();
  // the role by its name, its id on hover only; the person by their display name
  const role = entry.locator(`[data-id="${verified.id}"]`).last();
  await expect(role).toHaveText('Verified');
  await expect(role).toHaveAttribute('title', `Role ID ${verified.id}`);
  await expect(entry).not.toContainText(verified.id);
  await expect(entry.getByText('Demo User')).toBeVisible();

  // nothing runs off the screen: no sideways scroll, and the entry's details end inside it
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await entry.scrollIntoViewIfNeeded();
  const box = await role.boundingBox();
  expect(box, 'the role name is laid out').not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  await expect(role).toBeInViewport();

  // filter by part of a member's name, in any case; a name no one has empties the log
  const who = audit.getByRole('textbox', { name: 'Filter by member (name or Discord user ID)' });
  await who.fill('DEMO');
  await audit.getByRole('button', { name: 'Filter' }).click();
  await expect(
    audit.getByRole('row').filter({ hasText: 'Changed Verified role' }).first(),
  ).toBeVisible();
  const rows = audit.locator('tbody tr');
  await expect(rows.first()).toContainText('Demo User');
  await who.fill('no-such-member');
  await who.press('Enter');
  await expect(audit.getByText('Nothing matches these filters')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await audit.getByRole('button', { name: 'Clear filters' }).click();
  await expect(entry).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await expectNoSeriousViolations(page, 'the audit log at 375 px');
});
