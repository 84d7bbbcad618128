import type { APIRequestContext } from '@playwright/test';
import { EMULATOR, EMULATOR_CONTROL, expect, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { screenshots } from '../support/screenshots';
import { section, toasts, useConsoleSpec } from '../support/console';
import { openAccountPage, verifiedMemberOfDemoBuilders } from '../support/member';

/**
 * The member's Linked Roles page (/account/linked-roles) through the shell, against the API and
 * the emulator: a verified member sees what RoConnect shares with Discord, disconnects (Discord's
 * copy emptied), and connects again through Discord's consent, which writes it back at once.
 */
/** Demo seed: quiet_sam is a plain member of Demo Builders. */
const MEMBER = { username: 'quiet_sam', discordId: '200000000000000003' };
const ROBLOX_ACCOUNT = 'JustVisiting';
const SHOTS = 'linked-roles';

const cleanups = useConsoleSpec();

interface EmulatorConnection {
  user_id: string;
  platform_username: string | null;
  metadata: Record<string, string>;
}

/** What Discord (the emulator) holds as the member's role connection for RoConnect. */
async function discordConnection(request: APIRequestContext): Promise<EmulatorConnection | null> {
  const state = (await (await request.get(`${EMULATOR_CONTROL}/state`)).json()) as {
    role_connections: { users: EmulatorConnection[] };
  };
  return state.role_connections.users.find((u) => u.user_id === MEMBER.discordId) ?? null;
}

test('a verified member sees what is shared, disconnects (Discord emptied), and connects again through Discord', async ({
  page,
  browser,
  request,
}) => {
  await verifiedMemberOfDemoBuilders(browser, page, MEMBER.username, ROBLOX_ACCOUNT, cleanups);

  // the Accounts tab's link beside Privacy & data
  await page.reload();
  await openAccountPage(page, 'Linked Roles', 'linked-roles');
  const connection = section(page, 'Your connection');
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
  await expect(connection).toContainText(`for your Roblox account ${ROBLOX_ACCOUNT}`);
  const shared = connection.getByRole('definition');
  await expect(connection.getByRole('term')).toHaveText([
    'Verified with Roblox',
    'Roblox account age (days)',
  ]);
  await expect(shared.first()).toHaveText('Yes');
  await expect(shared.nth(1)).toHaveText(/^[\d,]+ days \(created \d{1,2} \w+ \d{4}\)$/);
  await expectNoSeriousViolations(page, 'Linked Roles page');
  await screenshots(page, SHOTS, 'connected');

  // Disconnect asks first, then empties Discord's copy
  await connection.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Linked Roles?' });
  await expectNoSeriousViolations(page, 'disconnect dialog');
  await screenshots(page, SHOTS, 'disconnect-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toasts(page).getByText('Linked Roles disconnected')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(connection.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(connection).toContainText('You disconnected Linked Roles.');
  await toasts(page).getByRole('button', { name: 'Close notification' }).click();
  await expect(toasts(page).getByText('Linked Roles disconnected')).toHaveCount(0);
  await screenshots(page, SHOTS, 'not-connected');
  expect(await discordConnection(request)).toMatchObject({
    platform_username: null,
    metadata: {},
  });

  // Connect: Discord's consent, back on the page, written again at once
  await connection.getByRole('button', { name: 'Connect' }).click();
  await page.waitForURL(`${EMULATOR}/**`);
  await expect(page.getByText('role_connections.write')).toBeVisible();
  await page.getByRole('button', { name: `Continue as ${MEMBER.username}` }).click();
  await page.waitForURL('**/account/linked-roles?linked_roles=connected');
  await expect(page.getByText('Connected. Discord now has what is listed below.')).toBeVisible();
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
  await expect(connection.getByRole('term')).toHaveCount(2);
  expect(await discordConnection(request)).toMatchObject({
    platform_username: ROBLOX_ACCOUNT,
    metadata: { verified: '1' },
  });
});
