import type { Page } from '@playwright/test';
import { EMULATOR, expect, remoteRegion, SHELL, signIn, test } from '../support/fixtures';
import { expectNoSeriousViolations } from '../support/accessibility';
import { statsLine } from '../support/landing';
import { gotoPrerendered } from '../support/prerender';
import { screenshots } from '../support/screenshots';
import { STACK } from '../support/stack';

/** The API's own address, for Node's fetch (the API listens on 127.0.0.1 only). */
const API = `http://127.0.0.1:${STACK.ports.api}`;
const SCREENSHOTS = 'mfe-public';
const ERROR_PAGES = [
  { code: '401', title: 'Sign in required', actions: ['Log In', 'Go Home'] },
  { code: '403', title: 'Access denied', actions: ['Go Home'] },
  { code: '404', title: 'Page not found', actions: ['Go Home'] },
  { code: '500', title: 'Something went wrong', actions: ['Try Again', 'Go Home'] },
  { code: '502', title: 'Service unavailable', actions: ['Try Again', 'Go Home'] },
] as const;

/** Every page this remote renders, with what shows it is ready. */
const PAGES: {
  name: string;
  path: string;
  parcel: string;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    name: 'landing',
    path: '/',
    parcel: 'Landing',
    ready: async (page) => {
      await expect(
        page.getByRole('heading', { level: 1, name: 'Connect Discord & Roblox' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    },
  },
  {
    name: 'login',
    path: '/login',
    parcel: 'Login',
    ready: (page) =>
      expect(page.getByRole('button', { name: 'Continue with Discord' })).toBeVisible(),
  },
  {
    name: 'login-expired',
    path: '/login?message=discord_token_expired',
    parcel: 'Login',
    ready: (page) =>
      expect(
        page.getByText('Your Discord session has expired. Please sign in again to continue.'),
      ).toBeVisible(),
  },
  {
    name: 'privacy',
    path: '/privacy',
    parcel: 'Privacy',
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible(),
  },
  {
    name: 'terms',
    path: '/terms',
    parcel: 'Terms',
    ready: (page) =>
      expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible(),
  },
  ...ERROR_PAGES.map(({ code, title }) => ({
    name: `error-${code}`,
    path: `/${code}`,
    parcel: 'ErrorPage',
    ready: (page: Page) =>
      expect(
        page.getByRole('heading', { level: 1, name: `Error ${code}: ${title}` }),
      ).toBeVisible(),
  })),
];

async function open(page: Page, route: string, parcel: string) {
  await page.goto(route);
  await expect(
    remoteRegion(page, 'mfe_public').locator(`[data-parcel="mfe_public/${parcel}"]`),
  ).toBeAttached();
}

async function botStats(): Promise<{ total_users: number; total_servers: number }> {
  const response = await fetch(`${API}/api/bot-stats`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { data: { total_users: number; total_servers: number } }).data;
}

test.describe('mfe_public: landing', () => {
  test('shows the real counts from the API', async ({ page }) => {
    const stats = await botStats();
    await open(page, '/', 'Landing');
    await expect(page.getByText(statsLine(stats))).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Secure Verification',
      'Role Management',
      'Instant Sync',
    ]);
  });

  test('Start Linking → login → Continue with Discord reaches the consent page', async ({
    page,
  }) => {
    await open(page, '/', 'Landing');
    await page.getByRole('link', { name: 'Start Linking' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Discord' }).click();
    await page.waitForURL(`${EMULATOR}/**`);
    expect(new URL(page.url()).host).toBe(new URL(EMULATOR).host);
    await expect(page.getByRole('button', { name: 'Continue as demo_user' })).toBeVisible();
  });

  test('signed in, the top bar shows the avatar, the username and a Dashboard link', async ({
    page,
  }) => {
    await signIn(page);
    await open(page, '/', 'Landing');
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByText('demo_user', { exact: true })).toBeVisible();
    await expect(account.getByRole('img', { name: 'demo_user' })).toBeVisible();
    await expect(account.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await account.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the shell's entry script is added only once the prerendered view is painted", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const seen = window as unknown as { mainAddedAfterPaint?: boolean };
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (
              node instanceof HTMLScriptElement &&
              new URL(node.src, location.href).pathname === '/main.js'
            )
              seen.mainAddedAfterPaint =
                performance.getEntriesByName('first-contentful-paint').length === 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoPrerendered(page, '/');
    await expect(
      remoteRegion(page, 'mfe_public').locator('[data-parcel="mfe_public/Landing"]'),
    ).toBeAttached();
    // the shell then starts as usual: the signed-out top bar is its render, not the server's
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as { mainAddedAfterPaint?: boolean }).mainAddedAfterPaint),
    ).toBe(true);
  });

  test('the decorative background has 15 squares that react to the mouse', async ({ page }) => {
    await open(page, '/', 'Landing');
    const squares = page.locator('[data-testid="animated-background"] [data-square]');
    await expect(squares).toHaveCount(15);
    const box = (await squares.first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
    await expect(page.locator('[data-square][data-near="true"]').first()).toBeAttached();
  });

  test('the background stands still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, '/', 'Landing');
    const background = page.getByTestId('animated-background');
    await expect(background).toHaveAttribute('data-motion', 'reduced');
    const box = (await background.locator('[data-square]').first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator('[data-square][data-near]')).toHaveCount(0);
    const animation = await background
      .locator('[data-square]')
      .first()
      .evaluate((square) => getComputedStyle(square.parentElement!).animationName);
    expect(animation).toBe('none');
  });

  test('footer links reach the legal pages without a reload', async ({ page }) => {
    await open(page, '/', 'Landing');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Terms of Service' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
  });
});

test.describe('mfe_public: error pages', () => {
  for (const { code, title, actions } of ERROR_PAGES) {
    test(`/${code} renders its page with ${actions.join(' and ')}`, async ({ page }) => {
      await open(page, `/${code}`, 'ErrorPage');
      await expect(
        page.getByRole('heading', { level: 1, name: `Error ${code}: ${title}` }),
      ).toBeVisible();
      for (const action of actions) {
        await expect(
          page.getByRole(action === 'Try Again' ? 'button' : 'link', { name: action }),
        ).toBeVisible();
      }
    });
  }

  test('an unknown path renders the 404 page', async ({ page }) => {
    await open(page, '/no/such/page', 'ErrorPage');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Error 404: Page not found' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });

  test('401 Log In leads to the login through /auth', async ({ page }) => {
    await open(page, '/401', 'ErrorPage');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('500 Try Again reloads the page and Go Home goes to the landing', async ({ page }) => {
    await open(page, '/500', 'ErrorPage');
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Try Again' }).click(),
    ]);
    await expect(
      page.getByRole('heading', { name: 'Error 500: Something went wrong' }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { marker?: boolean }).marker),
    ).toBeUndefined();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(`${SHELL}/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connect Discord & Roblox' }),
    ).toBeVisible();
  });
});

test.describe('mfe_public: accessibility and screenshots', () => {
  for (const { name, path: route, parcel, ready } of PAGES) {
    test(`${name}: no serious axe violation; screenshots at 375 and 1280 px`, async ({ page }) => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await open(page, route, parcel);
        await ready(page);
        if (parcel === 'Landing') {
          const stats = await botStats();
          await expect(page.getByText(statsLine(stats))).toBeVisible();
        }
        await expectNoSeriousViolations(page);
        await screenshots(page, SCREENSHOTS, name, {
          widths: [width],
          height: width === 375 ? 812 : 900,
        });
      }
    });
  }
});

test.describe('mfe_public: landing prerendered by the server', () => {
  test.use({ javaScriptEnabled: false });

  test('the hero is painted, styled under the CSP, with JavaScript disabled', async ({
    page,
    browser,
  }) => {
    // someone has signed in, so the counts the view must show are not the zeros it was built with
    const scripted = await browser.newContext({ javaScriptEnabled: true });
    await signIn(await scripted.newPage());
    await scripted.close();
    const stats = await botStats();
    expect(stats.total_users).toBeGreaterThan(0);

    await gotoPrerendered(page, '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connect Discord & Roblox' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Linking' })).toHaveAttribute(
      'href',
      '/login',
    );
    // the counts the server has, written into the view
    await expect(page.getByText(statsLine(stats))).toBeVisible();
    // the style element (allowed by the page's nonce) applies, and with it the squares' sizes
    // that the build moved out of style attributes (which the CSP would refuse)
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(15, 17, 23)');
    const square = page.locator('[data-testid="animated-background"] [data-square]').first();
    expect((await square.boundingBox())?.width).toBeGreaterThan(10);
    // before the session is checked the top bar shows neither Login nor the user
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeEmpty();
  });
});
