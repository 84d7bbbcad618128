// The prerendered first view a remote publishes for a route (mfe-public's
// dist/prerender/landing.html), read from the remote's deployment beside its mf-manifest.json and
// inlined into the page so its content is painted before any script runs. Revalidated with its
// ETag on every page; a remote that does not answer quickly, or a fragment that is missing or not
// what the build writes, means no prerender (the page is served as before).
const TIMEOUT_MS = 300;
const MAX_BYTES = 256 * 1024;
const STYLE_OPEN = '<style data-rc-prerender="">';

const cache = new Map<string, { etag: string; fragment: string }>();

/** A fragment is one leading <style> element and markup: no script, no second style element. */
export function isWellFormedFragment(text: unknown): text is string {
  if (typeof text !== 'string' || !text.startsWith(STYLE_OPEN)) return false;
  const styleEnd = text.indexOf('</style>');
  if (styleEnd < 0) return false;
  const markup = text.slice(styleEnd + '</style>'.length);
  return !/<\/?(script|style|iframe|object|embed|base|meta|link)\b/i.test(markup);
}

async function readFragment(url: string): Promise<string> {
  const cached = cache.get(url);
  const response = await fetch(url, {
    headers: cached?.etag ? { 'If-None-Match': cached.etag } : {},
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.status === 304 && cached) return cached.fragment;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const fragment = await response.text();
  if (fragment.length > MAX_BYTES || !isWellFormedFragment(fragment))
    throw new Error(`${url} is not a prerendered fragment`);
  const etag = response.headers.get('etag');
  if (etag) cache.set(url, { etag, fragment });
  else cache.delete(url);
  return fragment;
}

/** The fragment's text, or null when there is none to use now. */
export async function prerenderedFragment(
  manifestUrl: string,
  file: string,
): Promise<string | null> {
  let url: string;
  try {
    url = new URL(file, manifestUrl).href;
  } catch {
    return null;
  }
  try {
    return await readFragment(url);
  } catch {
    cache.delete(url);
    return null;
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The element the shell's RemoteParcel takes over (shell/src/features/remotes/prerenderedParcel.ts)
 * holding the fragment, its style element carrying the page's CSP nonce, in the frame the shell
 * renders around a remote's page: its <main> (PageMain) and the parcel's named region
 * (RemoteParcel, still loading). The page has the same landmarks before and after the shell's
 * first render, and that render moves the view without changing what is painted.
 */
export function prerenderedElement(
  fragment: string,
  parcel: { remote: string; expose: string; label: string },
  nonce: string,
): string {
  const styled = fragment.replace(STYLE_OPEN, `<style nonce="${nonce}" data-rc-prerender="">`);
  const view = `<div data-rc-prerender="${parcel.remote}/${parcel.expose}">${styled}</div>`;
  return (
    `<main><section aria-label="${escapeAttribute(parcel.label)}" data-remote="${parcel.remote}" ` +
    `data-remote-status="loading"><div>${view}</div></section></main>`
  );
}
