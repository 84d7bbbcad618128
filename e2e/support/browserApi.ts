import { STACK } from './stack';

/**
 * Where the browser reaches the API: through the shell's server, on the page's own origin
 * (shell/server/apiProxy.mjs, `"apiBaseUrl": "/_api"` in config.json). Tests that call the API
 * themselves go to its own address (`API` in fixtures.ts).
 */
export const BROWSER_API = `${STACK.shell}/_api`;

/** The API path a browser request calls (`/auth/me`), or null when it is no API call. */
export function apiPathOf(url: string): string | null {
  if (!url.startsWith(`${BROWSER_API}/`)) return null;
  return new URL(url).pathname.slice(new URL(BROWSER_API).pathname.length);
}
