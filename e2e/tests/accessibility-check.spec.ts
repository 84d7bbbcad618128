import { expect, test } from '../support/fixtures';
import { expectNoViolations } from '../support/accessibility';

/**
 * The axe check every test ends with (support/fixtures.ts) finds what it is there to find: a page
 * of our own making with faint text and an image without a text alternative fails it, by rule
 * and element, and the same page made right passes.
 */
const checkPage = (
  fixed: boolean,
) => `<!doctype html><html lang="en"><head><title>Check</title></head>
<body><main><h1>Check</h1>
<p id="faint" style="color:${fixed ? '#222' : '#999'};background:#fff">Faint words</p>
<img id="logo" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" ${fixed ? 'alt="Logo"' : ''}>
</main></body></html>`;

test('the axe check names each violation on a page, and passes it once fixed', async ({
  page: tab,
}) => {
  await tab.setContent(checkPage(false));
  const failure = await expectNoViolations(tab, 'violations').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast');
  expect(failure).toContain('#faint');
  expect(failure).toContain('image-alt');
  expect(failure).toContain('#logo');

  await tab.setContent(checkPage(true));
  await expectNoViolations(tab, 'violations');
});
