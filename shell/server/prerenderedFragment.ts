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

/**
 * The element the shell's RemoteParcel takes over (shell/src/features/remotes/prerenderedParcel.ts)
 * holding the fragment, its style element carrying the page's CSP nonce.
 */
export function prerenderedElement(fragment: string, parcelName: string, nonce: string): string {
  const styled = fragment.replace(STYLE_OPEN, `<style nonce="${nonce}" data-rc-prerender="">`);
  return `<div data-rc-prerender="${parcelName}">${styled}</div>`;
}
