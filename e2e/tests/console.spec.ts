import type { Browser, Page } from '@playwright/test';
import { EMULATOR_CONTROL, expect, remoteRegion, SHELL, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import {
  DEMO_BUILDERS,
  emulatorGuild,
  emulatorRoleNames,
  openSection,
  ownerConsole,
  section,
  toasts,
  useConsoleSpec,
} from '../support/console';
import { choose, linkRoblox, signInWithoutLinks } from '../support/member';

/**
 * The server owner's console (docs/product.md › Server configuration) through the shell, against
 * the API and the emulator: binds, the unverified role, a shared verify link, the audit log, the
 * bot's health.
 */
const SHOTS = 'console';
/** Demo seed: demo_user owns Demo Builders (bot at position 10); alex_builds is a member with "Member". */
const MEMBER = { username: 'alex_builds', name: 'Alex', discordId: '200000000000000002' };
const GROUP_ID = '4000001';
/** ObbyFan42 is an Officer (rank 50) of the demo group. */
const ROBLOX_ACCOUNT = 'ObbyFan42';
/** The seed's role that the owner makes the unverified role. */
const UNVERIFIED_ROLE = 'Member';

const cleanups = useConsoleSpec();

/** The member, in a browser context of their own, with only ObbyFan42 linked. */
async function memberWithLinkedAccount(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithoutLinks(page, MEMBER.username);
  await linkRoblox(page, ROBLOX_ACCOUNT);
  return page;
}

test('an owner binds a rank range to a role; a member verifies through the shared link and gets exactly the bound roles; the audit log, the Accounts tab and the health check show it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await ownerConsole(page, cleanups);
  await page.goto(`/server/edit/${DEMO_BUILDERS}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Builders' })).toBeVisible();

  // health first, on the console's overview: nothing wrong yet
  await expect(section(page, 'Bot health').getByText('Everything looks good')).toBeVisible();
  // the verify link to share
  const link = await section(page, 'Verify link')
    .getByRole('textbox', { name: 'Verify link for this server' })
    .inputValue();
  expect(link).toBe(`${SHELL}/verify?server_id=${DEMO_BUILDERS}`);

  // binds: group 4000001, ranks 50–255 → the existing role "Builder"
  await openSection(page, 'Role binds');
  const binds = section(page, 'Role Binds');
  await expect(binds.getByText('No binds yet')).toBeVisible();
  await binds.getByRole('textbox', { name: 'Add another Roblox group' }).fill(GROUP_ID);
  await binds.getByRole('button', { name: 'Add group' }).click();
  const range = binds.getByRole('group', { name: 'Rank range 1' });
  // the group's ranks are looked up as it is added: the range picks from them by name
  await range
    .getByRole('combobox', { name: 'Lowest rank' })
    .selectOption({ label: 'Officer (50)' });
  await expect(range.getByRole('combobox', { name: 'Highest rank' })).toHaveValue('255');
  await range.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Builder' });
  await binds.getByRole('button', { name: 'Save Binds' }).click();
  await expect(toasts(page).getByText('Binds saved')).toBeVisible();
  // once saved, the group has its name and its ranks are named
  await expect(binds.getByRole('heading', { name: /RoConnect Demo Group/ })).toBeVisible();
  await expect(range.getByRole('combobox', { name: 'Lowest rank' })).toHaveValue('50');
  await expect(
    range.getByRole('combobox', { name: 'Lowest rank' }).locator('option:checked'),
  ).toHaveText('Officer (50)');

  // the unverified role: the seed's "Member", which alex_builds has
  await openSection(page, 'Verification & nickname');
  const unverified = section(page, 'Unverified Role');
  await unverified
    .getByRole('combobox', { name: 'Unverified role' })
    .selectOption({ label: UNVERIFIED_ROLE });
  await unverified.getByRole('button', { name: 'Save Unverified Role' }).click();
  await expect(toasts(page).getByText('Unverified role updated successfully!')).toBeVisible();

  await expectNoSeriousViolations(page, 'verification section');

  // the member opens the shared link: the server is chosen
  const member = await memberWithLinkedAccount(browser);
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: 'Verify & Update' })).toBeVisible();
  await choose(member, ROBLOX_ACCOUNT);
  await expect(member.getByRole('radio', { name: 'Demo Builders', exact: true })).toBeChecked();
  await expectNoSeriousViolations(member, 'verify page from a shared link');
  await screenshots(member, SHOTS, 'verify-shared-link');
  // before verifying, the member has the unverified role (and none of the bound ones)
  const rolesBefore = await emulatorRoleNames(page.request, DEMO_BUILDERS, MEMBER.discordId);
  expect(rolesBefore).toContain(UNVERIFIED_ROLE);
  expect(rolesBefore).not.toContain('Builder');
  await member.getByRole('button', { name: 'Verify & Update' }).click();
  await expect(member.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();

  // exactly the bound roles and the verified role; the unverified role is gone
  const guild = await emulatorGuild(page.request, DEMO_BUILDERS);
  const roles = guild.members.find((m) => m.user_id === MEMBER.discordId)!.role_names;
  expect(roles).not.toContain(UNVERIFIED_ROLE);
  expect([...roles].sort()).toEqual(['Builder', 'Verified']);

  // the Accounts tab says where the account is verified
  await member.goto('/dashboard?tab=accounts');
  const card = remoteRegion(member, 'mfe_accounts')
    .getByRole('listitem')
    .filter({ has: member.getByRole('heading', { name: ROBLOX_ACCOUNT }) });
  await expect(
    card.getByRole('list', { name: `Servers ${ROBLOX_ACCOUNT} is verified in` }),
  ).toHaveText(/Verified in Demo Builders · (just now|\d+ (second|minute)s? ago)/);
  await expectNoSeriousViolations(member, 'accounts tab with verified servers');
  await screenshots(member, SHOTS, 'accounts-verified-in');
  await member.context().close();

  // the owner's audit log shows the verification with its roles
  await openSection(page, 'Audit log');
  const audit = section(page, 'Audit Log');
  const row = audit
    .getByRole('row')
    .filter({ hasText: `Verified ${MEMBER.name}` })
    .first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(ROBLOX_ACCOUNT);
  await expect(row.locator('dt', { hasText: 'Roles added' }).locator('+ dd')).toHaveText(
    /^(Builder, Verified|Verified, Builder)$/,
  );
  await expect(row.locator('dt', { hasText: 'Roles removed' }).locator('+ dd')).toHaveText(
    'Member',
  );
  await expect(
    audit.getByRole('row').filter({ hasText: 'Changed Role binds' }).first(),
  ).toBeVisible();
  await audit
    .getByRole('textbox', { name: 'Filter by member (name or Discord user ID)' })
    .fill(MEMBER.discordId);
  await audit.getByRole('button', { name: 'Filter' }).click();
  await expect(audit.getByRole('row').filter({ hasText: 'Changed' })).toHaveCount(0);
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await audit.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  await expectNoSeriousViolations(page, 'audit log section');

  // the bot's role dragged below the bound role: the health panel and the servers card say so
  // the bot's own (managed) role, dragged below "Builder" (position 3)
  await openSection(page, 'Overview');
  const botRole = guild.roles.find((r) => r.managed)!;
  const moved = await page.request.patch(
    `${EMULATOR_CONTROL}/guilds/${DEMO_BUILDERS}/roles/${botRole.id}`,
    { data: { position: 2 } },
  );
  expect(moved.ok()).toBe(true);
  const health = section(page, 'Bot health');
  await health.getByRole('button', { name: 'Check again' }).click();
  await expect(health.getByText(/^The RoConnect role sits below .*"Builder"/)).toBeVisible();
  await expect(
    health.getByText(
      'In Server Settings → Roles, drag the RoConnect role above every role it gives.',
    ),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'health panel with a problem');
  await screenshots(page, SHOTS, 'health-problem');

  await page.goto('/dashboard?tab=servers');
  const serverCard = remoteRegion(page, 'mfe_servers')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Demo Builders', exact: true }) });
  await expect(
    serverCard.getByRole('note', { name: /^Needs attention: .*"Builder"/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'servers tab with a badge');
  await screenshots(page, SHOTS, 'servers-needs-attention');
});

test('a verify link for a server the member cannot verify in says so', async ({ page }) => {
  await signIn(page, 'quiet_sam');
  await page.goto('/verify?server_id=300000000000000002');
  await expect(page.getByText("This verify link's server isn't available to you")).toBeVisible();
  await expectNoSeriousViolations(page, 'verify page with an unavailable shared server');
});
