import type { Page } from '@playwright/test';
import { EMULATOR_CONTROL, expect, SHELL, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import {
  apiCall,
  DEMO_BUILDERS,
  emulatorGuild,
  ownerConsole,
  resetEmulator,
  section,
  sectionEntry,
  toasts,
  useConsoleSpec,
} from '../support/console';
import { tabTo } from '../support/keyboard';

/**
 * The owner's console screens with the keyboard alone (each is meant to be keyboard- and
 * screen-reader usable): Tab / Shift+Tab to reach a control, Enter / Space to use it, typing
 * (and a select's type-ahead) to fill it in; focus stays where the user can carry on.
 */
const GROUP_ID = '4000001';
/** a Discord user ID no one in the audit log has */
const NOBODY = '299999999999999999';
/** the audit log's page size (mfe-setup's AUDIT_PAGE_SIZE) */
const AUDIT_PAGE = 10;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const cleanups = useConsoleSpec();

/**
 * Reaches a section's entry in the console's navigation (before the section, so Shift+Tab) and
 * follows it with Enter: the section opens, its entry marked, and the focus stays on it.
 */
async function openSectionWithKeyboard(page: Page, label: string) {
  const entry = sectionEntry(page, label);
  await tabTo(page, entry, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expect(entry).toBeFocused();
}

test('the owner checks the bot, copies the verify link, binds a rank range and reads the audit log with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ownerConsole(page, cleanups);
  // the emulator reset too (the bot's role where the seed has it), should the test stop while it
  // is moved
  cleanups.push(() => resetEmulator(page.request));
  // more than a page of audit entries: the unverified role set and cleared again, 13 times
  const unverifiedRoute = `/api/v1/server/${DEMO_BUILDERS}/edit/unverified-role`;
  const guild = await emulatorGuild(page.request, DEMO_BUILDERS);
  const memberRole = guild.roles.find((r) => r.name === 'Member')!;
  for (let i = 0; i < Math.ceil((AUDIT_PAGE + 1) / 2); i++) {
    await apiCall(page, 'PUT', unverifiedRoute, { unverified_role_id: memberRole.id });
    await apiCall(page, 'PUT', unverifiedRoute, { unverified_role_id: null });
  }

  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  // Bot health: "Check again" with Enter and with Space, each time against what Discord says now
  const health = section(page, 'Bot health');
  await expect(health.getByText('Everything looks good')).toBeVisible();
  const checkAgain = health.getByRole('button', { name: 'Check again' });
  await tabTo(page, checkAgain);
  const botRole = guild.roles.find((r) => r.managed)!;
  const moveBotRole = async (position: number) => {
    const moved = await page.request.patch(
      `${EMULATOR_CONTROL}/guilds/${DEMO_BUILDERS}/roles/${botRole.id}`,
      { data: { position } },
    );
    expect(moved.ok()).toBe(true);
  };
  await moveBotRole(1); // level with the verified role, which the bot gives
  await page.keyboard.press('Enter');
  await expect(health.getByText('The RoConnect role sits below "Verified".')).toBeVisible();
  await expect(checkAgain).toBeFocused();
  await moveBotRole(botRole.position);
  await page.keyboard.press('Space');
  await expect(health.getByText('Everything looks good')).toBeVisible();
  await expect(checkAgain).toBeFocused();

  // Verify link: Tab on to Copy, Enter copies the link
  const verifyLink = section(page, 'Verify link');
  const copy = verifyLink.getByRole('button', { name: 'Copy' });
  await tabTo(page, copy);
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Verify link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${SHELL}/verify?server_id=${DEMO_BUILDERS}`,
  );
  await expect(copy).toBeFocused();

  // the console's navigation: Shift+Tab back to "Role binds", Enter opens that section
  await openSectionWithKeyboard(page, 'Role binds');

  // Role Binds: add the group (Enter in its field), ranks 50–255 → "Builder", save
  const binds = section(page, 'Role Binds');
  await expect(binds.getByText('No binds yet')).toBeVisible();
  const groupField = binds.getByRole('textbox', { name: 'Add another Roblox group' });
  await tabTo(page, groupField);
  await page.keyboard.type(GROUP_ID);
  await page.keyboard.press('Enter');
  const range = binds.getByRole('group', { name: 'Rank range 1' });
  // the group's ranks are looked up as it is added; its fields come before the group field:
  // back up to them and pick the lowest rank by name (a closed select's type-ahead)
  const lowest = range.getByRole('combobox', { name: 'Lowest rank' });
  await expect(lowest.locator('option', { hasText: 'Officer (50)' })).toHaveCount(1);
  await tabTo(page, lowest, { backwards: true });
  await page.keyboard.type('Officer');
  await expect(lowest.locator('option:checked')).toHaveText('Officer (50)');
  await page.keyboard.press('Tab');
  await expect(range.getByRole('combobox', { name: 'Highest rank' })).toBeFocused();
  await expect(range.getByRole('combobox', { name: 'Highest rank' })).toHaveValue('255');
  await page.keyboard.press('Tab');
  const rolePicker = range.getByRole('combobox', { name: 'Role' });
  await expect(rolePicker).toBeFocused();
  await page.keyboard.type('Builder'); // a closed select's type-ahead
  await expect(rolePicker.locator('option:checked')).toHaveText('Builder');
  const saveBinds = binds.getByRole('button', { name: 'Save Binds' });
  await tabTo(page, saveBinds);
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Binds saved')).toBeVisible();
  // the saved binds: the group has its name, its ranks are named, the role is kept
  await expect(binds.getByRole('heading', { name: /RoConnect Demo Group/ })).toBeVisible();
  await expect(
    range.getByRole('combobox', { name: 'Lowest rank' }).locator('option:checked'),
  ).toHaveText('Officer (50)');
  await expect(
    range.getByRole('combobox', { name: 'Highest rank' }).locator('option:checked'),
  ).toHaveText(/\(255\)$/);
  await expect(rolePicker.locator('option:checked')).toHaveText('Builder');
  // focus is still on the form's button, not thrown back to the top of the page
  await expect(saveBinds).toBeFocused();

  // Audit log: its section from the navigation, with the keyboard too
  await openSectionWithKeyboard(page, 'Audit log');
  // filter by a member (Enter in the field), back to everyone, then the next page
  const audit = section(page, 'Audit Log');
  const entries = audit.locator('tbody tr');
  await expect(entries).toHaveCount(AUDIT_PAGE);
  const memberFilter = audit.getByRole('textbox', {
    name: 'Filter by member (name or Discord user ID)',
  });
  await tabTo(page, memberFilter);
  await page.keyboard.type(NOBODY);
  await page.keyboard.press('Enter');
  await expect(audit.getByText('Nothing matches these filters')).toBeVisible();
  await expect(entries).toHaveCount(0);
  await expect(memberFilter).toBeFocused();
  const showEveryone = audit.getByRole('button', { name: 'Clear filters' });
  await tabTo(page, showEveryone);
  await page.keyboard.press('Space');
  await expect(entries).toHaveCount(AUDIT_PAGE);
  await expect(entries.first()).toContainText('Changed Role binds');
  // the button is gone with the filter: focus goes back to the (now empty) filter field
  await expect(memberFilter).toHaveValue('');
  await expect(memberFilter).toBeFocused();
  const loadMore = audit.getByRole('button', { name: 'Load more' });
  await tabTo(page, loadMore);
  await page.keyboard.press('Enter');
  await expect.poll(() => entries.count()).toBeGreaterThan(AUDIT_PAGE);
  // focus moves to the first entry loaded, where reading carries on
  await expect(entries.nth(AUDIT_PAGE)).toBeFocused();

  await expectNoSeriousViolations(page, 'server page after keyboard use');
});
