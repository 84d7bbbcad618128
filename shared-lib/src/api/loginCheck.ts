/**
 * The login's proof that it comes back to the tab that started it (docs/security.md, login CSRF):
 * a random value kept in this tab's sessionStorage and sent to `/auth/discord-url`; the API echoes
 * it in the callback's fragment, and the callback page accepts tokens only when the two match.
 */
const STORAGE_KEY = 'roconnect_login_check';
export const LOGIN_CHECK_HEADER = 'X-Login-Check';

function randomCheck(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  // 32 bytes → 43 base64url characters
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const loginCheck = {
  /** a fresh check for this tab's next login */
  create(): string {
    const value = randomCheck();
    sessionStorage.setItem(STORAGE_KEY, value);
    return value;
  },
  /** true only when `received` is the check this tab created; either way the check is spent */
  consume(received: string | null): boolean {
    const kept = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return kept !== null && received !== null && kept === received;
  },
};
