import type { Page } from '@playwright/test';
import { expect, signIn } from './fixtures';
import { expectNoLinkedAccounts } from './member';
import { startOriginScript, type ServedOrigin } from './originScript';
import { STACK } from './stack';

// The app served as docs/production.md recommends and the benchmark measures it: the shell, every
// remote and the API on one HTTPS origin with HTTP/2 (tools/origin/oneOriginStack.mjs), in front of
// this worker's stack. Its certificate is made for the run; a test using it sets
// `ignoreHTTPSErrors`.

/**
 * The URLs among `urls` that went to a plain stack: any plain-HTTP address but the emulator's,
 * whose pictures every origin shows (the one origin and nginx's are HTTPS). Any stack's, not only
 * this worker's: a shell that named the built remotes.json would reach `npm start`'s ports.
 */
export const toPlainOrigins = (urls: string[]) =>
  urls.filter((url) => url.startsWith('http://') && !url.startsWith(`${STACK.emulator}/`));

export type OneOrigin = ServedOrigin;

/** Starts `oneOriginStack.mjs`; resolves once it serves. */
export const startOneOrigin = (): Promise<OneOrigin> => startOriginScript('oneOriginStack.mjs');

/**
 * demo_user signed in on the plain stack, and the session carried to `origin`: sign-in returns to
 * the API's `API_URL` (the plain origin here; the one origin in production), and the shell keeps
 * the session's two tokens in localStorage, per origin.
 */
export async function signInAt(page: Page, origin: string): Promise<void> {
  await signIn(page);
  const tokens = await page.evaluate(() => JSON.stringify(localStorage));
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
  await page.evaluate((saved) => {
    for (const [key, value] of Object.entries(JSON.parse(saved) as Record<string, string>))
      localStorage.setItem(key, value);
  }, tokens);
}

/** The protocol the page's document came over (`h2` for HTTP/2). */
export const navigationProtocol = (page: Page) =>
  page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
        .nextHopProtocol,
  );

/**
 * The signed-in dashboard on `origin`: it comes over HTTP/2 with the Accounts tab, and its Servers
 * tab opens.
 */
export async function openDashboardTabsAt(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/dashboard`);
  await expectNoLinkedAccounts(page);
  expect(await navigationProtocol(page)).toBe('h2');
  await page.getByRole('tab', { name: 'Servers' }).click();
  await expect(page.getByRole('heading', { name: 'Your Discord Servers' })).toBeVisible();
}
