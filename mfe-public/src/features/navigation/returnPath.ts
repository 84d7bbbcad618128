/** The error pages' own addresses (/401 … /502). */
const ERROR_PAGE_PATH = /^\/(401|403|404|500|502)\/?$/;
/** Longer than any address of this site; anything longer is not one of ours. */
const MAX_LENGTH = 2048;

/**
 * `from` (an error page's query: the page a server error came from) as a path of this site to go
 * back to, or null. Only a path on this origin passes, never an address elsewhere: `//host`,
 * `/\host`, a scheme, control characters or whitespace (which browsers drop, making `/\t/host`
 * into `//host`) are refused, as is an error page (no loop between them).
 */
export function returnPath(from: unknown, origin = window.location.origin): string | null {
  if (typeof from !== 'string' || from.length > MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (!from.startsWith('/') || /[\s\\\u0000-\u001f\u007f]/.test(from) || from.startsWith('//'))
    return null;
  let url: URL;
  try {
    url = new URL(from, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || ERROR_PAGE_PATH.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
