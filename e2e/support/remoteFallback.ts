import type { Page } from '@playwright/test';
import { expect, remoteRegion, test } from './fixtures';
import { ensureServiceProcess, startServiceProcess } from './stack';

/**
 * For tests that stop mfe_servers (stopServiceProcess): whatever happened in a test, the remote is
 * served again for the tests after it.
 */
export function serveServersRemoteAfterEach(): void {
  test.afterEach(() => ensureServiceProcess('mfe_servers'));
}

/**
 * On a dashboard whose mfe_servers was stopped: the Servers tab shows that region's fallback while
 * the header and the Accounts tab keep working; once the remote is served again, Try again mounts
 * it. The remote is started again here.
 */
export async function expectServersFallbackThenRecovery(page: Page): Promise<void> {
  const servers = remoteRegion(page, 'mfe_servers');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(servers).toHaveAttribute('data-remote-status', 'failed');
  await expect(servers.getByText('Servers is unavailable')).toBeVisible();

  // The header and the other tab keep working.
  await page.getByRole('tab', { name: 'Accounts' }).click();
  await expect(remoteRegion(page, 'mfe_accounts')).toHaveAttribute('data-remote-status', 'mounted');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeEnabled();

  // Back on the Servers tab the remote is still down; once it is back, Try again recovers.
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(servers).toHaveAttribute('data-remote-status', 'failed');
  await startServiceProcess('mfe_servers');
  await servers.getByRole('button', { name: 'Try again' }).click();
  await expect(servers).toHaveAttribute('data-remote-status', 'mounted');
  await expect(servers.locator('[data-parcel="mfe_servers/ServersTab"]')).toBeAttached();
}
