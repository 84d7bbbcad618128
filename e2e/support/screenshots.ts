import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** The screenshots kept in git: rewritten only for a screen whose look changed on purpose. */
export const COMMITTED_SCREENSHOTS = path.join(__dirname, '..', 'screenshots');
/** Every other run's screenshots, beside its traces (git-ignored, emptied by each run). */
const RUN_SCREENSHOTS = path.join(__dirname, '..', 'test-results', 'screenshots');

/**
 * Where a spec file writes its screenshots of `group` (one folder per remote, page or journey):
 * `E2E_UPDATE_SCREENSHOTS=1` writes over the committed ones, any other run leaves git untouched.
 */
export function screenshotDir(group: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.E2E_UPDATE_SCREENSHOTS === '1' ? COMMITTED_SCREENSHOTS : RUN_SCREENSHOTS;
  return path.join(root, group);
}

/** Every screen is kept at a phone's width and a laptop's. */
export const SCREENSHOT_WIDTHS: readonly number[] = [375, 1280];

export interface ScreenshotOptions {
  /** Only this part of the page (a section); the page when left out. */
  of?: Locator;
  /** The whole scrolled page (the default), or only the window: a dialog, a toast, the header. */
  fullPage?: boolean;
  /** The window's height at each width (900 unless said). */
  height?: number;
  /** Both widths unless said: a test that visits each width itself takes each one there. */
  widths?: readonly number[];
  /** What else changes from run to run (a key shown once), painted over. */
  mask?: Locator[];
}

/**
 * Times ("5 minutes ago") painted over where they are, so that a dialog or its backdrop still
 * covers them (`mask` paints above everything). Through the CSSOM: the pages' CSP refuses the
 * `<style>` Playwright's `style` option would add.
 */
async function paintOverTimes(page: Page, paint: boolean): Promise<void> {
  await page.locator('time').evaluateAll((times, on) => {
    for (const time of times as HTMLElement[]) {
      if (on) {
        time.style.setProperty('color', 'transparent', 'important');
        time.style.setProperty('background', '#ff00ff', 'important');
      } else {
        time.style.removeProperty('color');
        time.style.removeProperty('background');
      }
    }
  }, paint);
}

/**
 * `<group>/<name>-375.png` and `<name>-1280.png`, then the window back at the size it had. Call it
 * once the screen shows what the user would see (after an expect on its content): the shots do
 * not wait for anything else. Animations are stopped (finite ones at their end) and `<time>`
 * elements painted over, so a refresh changes an image only when its screen changed.
 */
export async function screenshots(
  page: Page,
  group: string,
  name: string,
  options: ScreenshotOptions = {},
): Promise<void> {
  const { of, fullPage = true, height = 900, widths = SCREENSHOT_WIDTHS } = options;
  const dir = screenshotDir(group);
  const look = { animations: 'disabled', mask: options.mask ?? [] } as const;
  const before = page.viewportSize();
  await paintOverTimes(page, true);
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height });
      const file = path.join(dir, `${name}-${width}.png`);
      if (of) await of.screenshot({ path: file, ...look });
      else await page.screenshot({ path: file, fullPage, ...look });
    }
  } finally {
    await paintOverTimes(page, false);
    if (before) await page.setViewportSize(before);
  }
}
