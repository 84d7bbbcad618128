// On a page that carries a prerendered view, the browser paints that view before it downloads or
// runs any of the shell's scripts: the page's preload hints and its entry scripts are added by a
// small loader once the first contentful paint is reported. A `defer` script that has arrived by
// the end of parsing runs before the first frame, and scripts downloading beside the HTML share
// the bandwidth and main thread the first paint needs (docs/performance.md › The landing's first paint).

/** The entry tags as index.html has them once the server has stamped its nonce on them. */
const ENTRY_SCRIPT = /<script nonce="[^"]*" defer src=("?)([^"\s>]+)\1><\/script>/g;

/** A preload hint: a script, or a JSON document fetched without credentials. */
export interface PreloadHint {
  href: string;
  as: 'script' | 'fetch';
}

/**
 * Runs in the page: adds the preload hints, then the entry scripts in order, once the browser
 * reports the first contentful paint (a frame is on screen only some time after
 * requestAnimationFrame has run).
 */
function loadAfterFirstPaint({ hints, entry }: { hints: PreloadHint[]; entry: string[] }) {
  const nonce = document.currentScript?.nonce;
  let added = false;
  const load = () => {
    if (added) return;
    added = true;
    for (const { href, as } of hints) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = as;
      link.href = href;
      if (as === 'fetch') link.crossOrigin = 'anonymous';
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    }
    for (const src of entry) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      if (nonce) script.nonce = nonce;
      document.head.appendChild(script);
    }
  };
  // a hidden tab paints nothing, and nobody would see the view
  if (document.visibilityState === 'hidden') return load();
  document.addEventListener('visibilitychange', () => document.hidden && load());
  if (!(PerformanceObserver.supportedEntryTypes || []).includes('paint'))
    return requestAnimationFrame(() => requestAnimationFrame(load));
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * `html` without its entry script tags, and a loader that adds `hints` (the page's preloads,
 * `{ href, as }`) and those scripts after the first paint.
 */
export function entryAfterFirstPaint(html: string, nonce: string, hints: PreloadHint[]): string {
  const entry: string[] = [];
  const withoutEntry = html.replace(ENTRY_SCRIPT, (_tag, _quote, src: string) => {
    entry.push(src);
    return '';
  });
  const plan = JSON.stringify({ hints, entry }).replace(/</g, '\\u003c');
  const loader = `<script nonce="${nonce}">(${loadAfterFirstPaint})(${plan})</script>`;
  return withoutEntry.includes('</body>')
    ? withoutEntry.replace('</body>', () => `${loader}</body>`)
    : `${withoutEntry}${loader}`;
}
