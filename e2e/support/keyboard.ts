import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Moves focus with Tab (Shift+Tab when `backwards`) until `target` has it, as a keyboard user
 * would, and fails when it is not reached within `max` presses (not in the tab order, or hidden
 * behind something that swallows focus).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  const focused = () =>
    target.evaluate((element) => element === document.activeElement, undefined, {
      timeout: 5_000,
    });
  for (let presses = 0; presses < max && !(await focused()); presses++)
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  await expect(target, `reached with ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused();
}
