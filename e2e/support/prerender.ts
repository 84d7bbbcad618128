import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** How many loads a test gives the shell's server to serve a page whole. */
const LOADS = 5;

/**
 * Opens `path` as the shell's server serves it when the route's remote answered in time, and
 * returns the page's HTML: the remote's prerendered view inlined, and among the loader's preload
 * hints the remote's manifest (its only `fetch` hint). The server asks the remote for each with a
 * short deadline (TIMEOUT_MS in shell/server/prerenderedFragment.ts and remoteHints.ts) and serves
 * the page without what did not come, which a loaded machine (two workers' stacks and browsers on
 * two cores) misses now and then: the page is loaded again, up to LOADS times. A page that never
 * comes whole fails the test.
 */
export async function gotoPrerendered(page: Page, path: string): Promise<string> {
  for (let load = 1; ; load++) {
    const response = await page.goto(path);
    expect(response, `${path} answered`).not.toBeNull();
    const html = await response!.text();
    if (html.includes('data-rc-prerender=') && html.includes('"as":"fetch"')) return html;
    expect(load, `${path} came without its prerendered view or hints ${LOADS} times`).toBeLessThan(
      LOADS,
    );
  }
}
