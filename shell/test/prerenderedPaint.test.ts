import { afterPrerenderedViewPainted } from '../src/features/remotes/prerenderedPaint';

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = html;
  return doc;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('starts at once on a page without a prerendered view', async () => {
  const frame = jest.spyOn(window, 'requestAnimationFrame');
  await expect(afterPrerenderedViewPainted(pageWith('<div id="root"></div>'))).resolves.toBe(
    undefined,
  );
  expect(frame).not.toHaveBeenCalled();
});

it('waits for the frame that paints a prerendered view, then for the task after it', async () => {
  let drawFrame!: FrameRequestCallback;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    drawFrame = callback;
    return 1;
  });
  let started = false;
  void afterPrerenderedViewPainted(
    pageWith('<div id="root"><div data-rc-prerender="mfe_public/Landing"></div></div>'),
  ).then(() => (started = true));

  await jest.advanceTimersByTimeAsync(50);
  expect(started).toBe(false);
  drawFrame(0);
  await Promise.resolve();
  expect(started).toBe(false);
  await jest.advanceTimersByTimeAsync(0);
  expect(started).toBe(true);
});

it('starts at once in a hidden tab, which draws no frame', async () => {
  const frame = jest.spyOn(window, 'requestAnimationFrame');
  const doc = pageWith('<div id="root"><div data-rc-prerender="mfe_public/Landing"></div></div>');
  Object.defineProperty(doc, 'visibilityState', { value: 'hidden' });
  await expect(afterPrerenderedViewPainted(doc)).resolves.toBe(undefined);
  expect(frame).not.toHaveBeenCalled();
});
