import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { REMOTES, ROOT, STACK, type RemoteName } from '../support/stack';

/**
 * Every parcel a remote exposes (its webpack config's `exposes`, read here, so a new parcel is
 * tested at once) opens on its remote's standalone page (`?parcel=<expose>`) with the API answered
 * by MSW, and shows its own page: the heading or text below, not the parcel's error region. A parcel
 * missing from its remote's harness, or from EXPECTED, fails.
 */
function exposesOf(remote: RemoteName): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require(path.join(ROOT, REMOTES[remote].dir, 'webpack.config.js')) as {
    exposes: Record<string, string>;
  };
  return Object.keys(config.exposes).map((key) => key.replace(/^\.\//, ''));
}

interface Expectation {
  /** how the page is opened (default: `?parcel=<expose>`) */
  open?: (page: Page, standalone: string, allowConsoleErrors: (p: RegExp) => void) => Promise<void>;
  /** what the parcel shows of its own */
  see: (parcel: Locator, page: Page) => Promise<void>;
  /** what it does next, once seen without an error region */
  then?: (parcel: Locator, page: Page) => Promise<void>;
}

const heading = (level: number, name: string): Expectation => ({
  see: (parcel) => expect(parcel.getByRole('heading', { level, name })).toBeVisible(),
});

/** The page's control (shared-lib/src/harness/FailControl.tsx): the next `call` fails so. */
async function failNextCall(page: Page, call: string, failure: string) {
  const control = page.getByRole('form', { name: 'Make a call fail' });
  await control.getByRole('combobox', { name: 'Call' }).selectOption(call);
  await control.getByRole('combobox', { name: 'Failure' }).selectOption(failure);
  await control.getByRole('button', { name: 'Fail the next call' }).click();
  await expect(control.getByRole('status')).toContainText(`The next ${call}`);
}

const EXPECTED: Record<`${RemoteName}/${string}`, Expectation> = {
  'mfe_public/Landing': heading(1, 'Connect Discord & Roblox'),
  'mfe_public/Login': heading(1, 'Welcome Back'),
  'mfe_public/Privacy': heading(1, 'Privacy Policy'),
  'mfe_public/Terms': heading(1, 'Terms of Service'),
  'mfe_public/ErrorPage': heading(1, 'Error 404: Page not found'),
  'mfe_accounts/AccountsTab': heading(2, 'Linked Roblox Accounts'),
  // no code in the query: the page's own error
  'mfe_accounts/RobloxCallback': heading(1, 'Roblox Linking Error'),
  'mfe_accounts/Verify': heading(1, 'Verify & Update'),
  'mfe_accounts/PrivacySettings': heading(1, 'Privacy & data'),
  'mfe_accounts/LinkedRoles': heading(1, 'Linked Roles'),
  'mfe_servers/ServersTab': heading(2, 'Your Discord Servers'),
  // The page leaves for Discord's bot authorisation at once (a page being left cannot be read):
  // with its call made to fail first, it shows its own failure, then Try Again leaves.
  'mfe_servers/Invite': {
    open: async (page, standalone, allowConsoleErrors) => {
      allowConsoleErrors(/status of 502/);
      await page.route('https://discord.com/oauth2/authorize**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Discord</title>' }),
      );
      await page.goto(`${standalone}/?parcel=ServersTab`);
      await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
      await failNextCall(page, 'GET /api/v1/dashboard/bot/invite-url', '502');
      await page
        .getByRole('navigation', { name: 'Parcels' })
        .getByRole('button', { name: 'Invite page', exact: true })
        .click();
    },
    see: async (parcel) => {
      await expect(
        parcel.getByRole('heading', { level: 1, name: 'Could not open Discord' }),
      ).toBeVisible();
      await expect(parcel.getByText('Adding bot to Obby Makers')).toBeVisible();
    },
    then: async (parcel, page) => {
      await parcel.getByRole('button', { name: 'Try Again' }).click();
      await page.waitForURL(/^https:\/\/discord\.com\/oauth2\/authorize\?.*scope=bot/);
    },
  },
  // the harness stands in for the dashboard that opens the wizard
  'mfe_setup/SetupWizard': {
    see: async (parcel, page) => {
      await parcel.getByRole('button', { name: 'Setup Bot: Demo Racing League' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set up RoConnect in Demo Racing League' });
      await expect(dialog.getByRole('heading', { name: 'Nickname Configuration' })).toBeVisible();
    },
  },
  // the console, on its overview (`&section=` opens another section)
  'mfe_setup/ServerConfig': heading(2, 'Bot health'),
};

for (const remote of Object.keys(REMOTES) as RemoteName[]) {
  test.describe(`${remote}'s standalone page`, () => {
    for (const expose of exposesOf(remote)) {
      test(`shows ${expose}, the parcel it exposes, with its own content`, async ({
        page,
        allowConsoleErrors,
      }) => {
        const expected = EXPECTED[`${remote}/${expose}`];
        expect(
          expected,
          `${remote}/${expose}: add it to ${REMOTES[remote].dir}/standalone and to EXPECTED`,
        ).toBeDefined();
        const standalone = STACK.remotes[remote];
        await (expected!.open?.(page, standalone, allowConsoleErrors) ??
          page.goto(`${standalone}/?parcel=${expose}`));

        // the harness has an entry of that name (an unknown one falls back to its first parcel)
        const mounted = page.locator(`[data-harness-parcel="${expose}"]`);
        await expect(mounted).toBeAttached();
        const parcel = mounted.locator(`[data-parcel="${remote}/${expose}"]`);
        await expect(parcel).toBeAttached();
        await expected!.see(parcel, page);
        await expect(page.locator('[data-parcel-error]')).toHaveCount(0);
        await expected!.then?.(parcel, page);
      });
    }
  });
}

test('QA makes one of the page’s reads fail from the page, then mounts the parcel again', async ({
  page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await page.goto(`${STACK.remotes.mfe_setup}/?parcel=ServerConfig&section=developers`);
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText('No API keys')).toBeVisible();

  // the calls the page made are offered first
  const control = page.getByRole('form', { name: 'Make a call fail' });
  await expect(control.locator('optgroup[label="Made by this page"]')).toContainText(
    'GET /api/v1/server/:id/api-keys',
  );
  await failNextCall(page, 'GET /api/v1/server/:id/api-keys', '500');
  await expect(control.getByRole('status')).toHaveText(
    'The next GET /api/v1/server/:id/api-keys answers 500.',
  );

  await page.getByRole('button', { name: 'Mount again' }).click();
  await expect(keys.getByText('Failed to load API keys.')).toBeVisible();
  // once: Try again reads the list again
  await keys.getByRole('button', { name: 'Try Again' }).click();
  await expect(keys.getByText('No API keys')).toBeVisible();
});
