// The web rows' same-run baseline: the page as a server-rendered monolith would send it. A page
// the real app has drawn is copied as static HTML (its markup and the CSS rules the app inserted,
// no script, no preload hints) and served from a plain Node server on a free port; Lighthouse then
// measures it beside the real page, on the same machine, in the same run.
import http from 'node:http';

/** Runs in the page: its drawn DOM and CSS as one static document. */
/* global document */
function serializeDrawnPage() {
  const css = [...document.styleSheets]
    .map((sheet) => {
      try {
        return [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
      } catch {
        return '';
      }
    })
    .join('\n');
  const copy = document.documentElement.cloneNode(true);
  copy
    .querySelectorAll('script, style, link[rel="preload"], link[rel="modulepreload"]')
    .forEach((node) => node.remove());
  const style = document.createElement('style');
  style.textContent = css;
  copy.querySelector('head').appendChild(style);
  return `<!doctype html>\n${copy.outerHTML}`;
}

/** The static copy of what `page` shows now. */
export function snapshotPage(page) {
  return page.evaluate(serializeDrawnPage);
}

/** Serves `pages` (path → HTML) on a free loopback port; resolves { origin, close }. */
export function serveSnapshots(pages) {
  const server = http.createServer((request, response) => {
    const html = pages[new URL(request.url, 'http://snapshot').pathname];
    if (!html) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
    response.end(html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
