/** How long to wait for the browser to report the paint before going ahead without it. */
export const PAINT_REPORT_TIMEOUT_MS = 1000;

function reportsLargestContentfulPaint(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint')
  );
}

/**
 * Runs `callback` once what was just put in the page is on screen: when the browser reports a
 * largest-contentful-paint from now on (the report comes after the frame is presented, which a
 * task queued from the frame itself may precede), or after PAINT_REPORT_TIMEOUT_MS when none
 * comes (the new content is smaller than something painted before). A browser that reports no
 * such paints runs it after the next frame.
 */
export function afterContentPainted(callback: () => void): void {
  if (!reportsLargestContentfulPaint()) {
    requestAnimationFrame(() => setTimeout(callback));
    return;
  }
  const since = performance.now();
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    callback();
  };
  const timer = setTimeout(run, PAINT_REPORT_TIMEOUT_MS);
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= since)) run();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}
