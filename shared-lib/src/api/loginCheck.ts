/**
 * The login's proof that it comes back to the tab that started it (docs/security.md, login CSRF):
 * a random value kept in this tab's sessionStorage and sent to `/auth/discord-url`; the API echoes
 * it in the callback's fragment, and the callback page accepts tokens only when the two match.
 */
const STORAGE_KEY = 'roconnect_login_check';
/** where the callback page goes once signed in, when the login was started for a page */
const RETURN_KEY = 'roconnect_login_return';
export const LOGIN_CHECK_HEADER = 'X-Login-Check';

function randomCheck(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  // 32 bytes → 43 base64url characters
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * A path of this site (`/account/privacy?x#y`), or null: never an address elsewhere (`//host`,
 * `/\host`, a scheme), nor one with whitespace or control characters (browsers drop them, making
 * `/\t/host` into `//host`).
 */
function sitePath(path: string | null | undefined): string | null {
  if (!path || path.length > 2048 || !path.startsWith('/') || path.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  return /[\s\\\u0000-\u001f\u007f]/.test(path) ? null : path;
}

export const loginCheck = {
  /**
   * A fresh check for this tab's next login; `returnTo`, a path of this site, is where the
   * callback page goes once signed in (without one it goes to the dashboard, as always).
   */
  create(returnTo?: string): string {
    const value = randomCheck();
    sessionStorage.setItem(STORAGE_KEY, value);
    const back = sitePath(returnTo);
    if (back) sessionStorage.setItem(RETURN_KEY, back);
    else sessionStorage.removeItem(RETURN_KEY);
    return value;
  },
  /** The path the login was started for, once (it is spent); null: none. */
  takeReturnPath(): string | null {
    const kept = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return sitePath(kept);
  },
  /** true only when `received` is the check this tab created; either way the check is spent */
  consume(received: string | null): boolean {
    const kept = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return kept !== null && received !== null && kept === received;
  },
};
