import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits for the page's entrance animations (cards rising in, dialogs fading in) to end: axe
 * measures colour contrast on what is painted, and a card at half opacity is not what the user
 * reads. Endless ones (a spinner) and long ones (a toast's countdown bar) are what stays.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return (
        animation.playState !== 'running' ||
        timing?.iterations === Infinity ||
        Number(timing?.activeDuration) > 1_000
      );
    }),
  );
}

/** axe's findings on the page (or inside `include`, a CSS selector) once it stopped moving. */
async function violationsOf(page: Page, include?: string) {
  await animationsSettled(page);
  // axe.run in the page itself: the default runs each frame apart, then joins their results in a
  // blank page it opens for it (another renderer each time), which only pages with cross-origin
  // frames need, and the product has no frames (the shell's CSP: default-src 'self'). Passing
  // rules are reported by name only: the test reads the violations, each node of them.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations;
}

type Violation = Awaited<ReturnType<typeof violationsOf>>[number];

const described = (violations: Violation[]) =>
  violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );

/** No serious or critical axe violation on the page (or inside `include`, a CSS selector). */
export async function expectNoSeriousViolations(
  page: Page,
  what = 'serious or critical axe violations',
  include?: string,
): Promise<void> {
  const violations = await violationsOf(page, include);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(described(serious), what).toEqual([]);
}

/**
 * Rules about a whole document (one main landmark, a level-one heading, all content in
 * landmarks): a remote's standalone page shows one parcel, a fragment of a shell page, so they
 * hold on the shell's pages only.
 */
const WHOLE_DOCUMENT_RULES = new Set(['landmark-one-main', 'page-has-heading-one', 'region']);

/**
 * No axe violation, of any impact, on the page: what the `axe` fixture (fixtures.ts) asks of
 * every page a test leaves open, so that no spec can forget to look. `fragment`: a remote's
 * standalone page, where the whole-document rules do not apply.
 */
export async function expectNoViolations(
  page: Page,
  what: string,
  { fragment = false } = {},
): Promise<void> {
  const violations = (await violationsOf(page)).filter(
    (v) => !(fragment && WHOLE_DOCUMENT_RULES.has(v.id)),
  );
  expect(described(violations), what).toEqual([]);
}
