import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { expectNoViolations } from './accessibility';
import { STACK, startStack, stopStack, type StackAddresses } from './stack';

/** This worker's stack (stack.ts): the shell's origin, the emulator's, the API's own address. */
export const SHELL = STACK.shell;
export const EMULATOR = STACK.emulator;
export const API = STACK.api;
export const EMULATOR_CONTROL = STACK.emulatorControl;
export const DEMO_USER = 'demo_user';

interface PageProblems {
  /** console errors the test expects (e.g. a remote it stopped on purpose) */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** after the test, axe on every page of the product it left open (set up automatically) */
  axe: void;
}

/**
 * The product's pages open in `contexts`: the emulator's Discord and Roblox screens are theirs,
 * not ours, and a blank or error page has nothing to check.
 */
function productPages(contexts: BrowserContext[]): Page[] {
  return (
    contexts
      .flatMap((context) => context.pages())
      .filter((page) => !page.isClosed())
      // the stack's own origins only: not the emulator's pages, nor an address a mocked answer
      // sent the browser to outside this machine (a standalone page's invite link)
      .filter((page) => /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(page.url()))
      .filter((page) => !page.url().startsWith(STACK.emulator))
  );
}

/**
 * Every test runs against its worker's own stack, and fails on a console error, an uncaught
 * exception or a CSP violation it did not expect ("no CSP violation and no console error on any
 * page").
 */
export const test = base.extend<
  PageProblems & { problems: string[]; pendingRequests: void },
  { stack: StackAddresses }
>({
  // Started before the worker's first test, stopped when the worker ends; a worker that replaces a
  // failed one starts it again, on a fresh API data folder and emulator.
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies here: none
    async ({}, use) => {
      await startStack();
      await use(STACK);
      await stopStack();
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.shell);
  },
  problems: async ({ context }, use) => {
    const problems: string[] = [];
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
      });
    });
    context.on('console', (message) => {
      if (message.type() === 'error')
        problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => problems.push(`uncaught: ${error.error().message}`));
    await use(problems);
  },
  allowConsoleErrors: [
    async ({ problems }, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => allowed.push(pattern));
      const unexpected = problems.filter((p) => !allowed.some((pattern) => pattern.test(p)));
      expect(unexpected, 'console errors, uncaught exceptions or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  // A failed test names the requests its browser was still waiting for: a page whose load never
  // fired (a navigation that timed out) says which answer did not come, and from which server.
  pendingRequests: [
    async ({ context }, use, testInfo) => {
      const pending = new Map<Request, number>();
      const settle = (request: Request) => pending.delete(request);
      context.on('request', (request) => pending.set(request, Date.now()));
      context.on('requestfinished', settle);
      context.on('requestfailed', settle);
      await use();
      if (testInfo.status === testInfo.expectedStatus || pending.size === 0) return;
      const now = Date.now();
      const lines = [...pending].map(
        ([request, since]) =>
          `${request.method()} ${request.url()} (${request.resourceType()}, ${Math.round((now - since) / 1000)} s)`,
      );
      await testInfo.attach('requests still pending', {
        body: lines.join('\n'),
        contentType: 'text/plain',
      });
    },
    { auto: true },
  ],
  // Every test ends with axe on the pages it leaves open, in its own context and in any it opened
  // itself (a second member's browser), so a screen is checked in the state the test brought it
  // to. A test that failed already says why; its pages are left as they are.
  axe: [
    async ({ browser, context, javaScriptEnabled }, use, testInfo) => {
      const before = new Set(browser.contexts().filter((c) => c !== context));
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      // axe runs as a script in the page: a context without JavaScript is checked by its test
      const opened = browser
        .contexts()
        .filter((c) => !before.has(c) && (javaScriptEnabled !== false || c !== context));
      const standalone = Object.values(STACK.remotes);
      // a page the test just reached may still be fetching or fading in: it is held to the rules
      // once it settles (a violation that stays 10 s fails the test)
      for (const page of productPages(opened))
        await expect(() =>
          expectNoViolations(page, `axe violations on ${page.url()} as the test left it`, {
            fragment: standalone.some((origin) => page.url().startsWith(origin)),
          }),
        ).toPass({ timeout: 10_000 });
    },
    { auto: true },
  ],
});
export { expect };

/** The real sign-in: login page → emulated Discord consent → API callback → dashboard. */
export async function signIn(page: Page, username = DEMO_USER): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Discord' }).click();
  await page.waitForURL(`${EMULATOR}/**`);
  await page.getByRole('button', { name: `Continue as ${username}` }).click();
  await page.waitForURL('**/dashboard**');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The region where the shell mounted a remote's parcel. */
export function remoteRegion(page: Page, remote: string) {
  return page.locator(`[data-remote="${remote}"]`);
}
