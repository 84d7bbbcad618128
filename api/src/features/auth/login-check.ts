/** The web app's login check (see docs/security.md): 43 base64url characters, optional. */
export const LOGIN_CHECK_HEADER = 'x-login-check';
export const LOGIN_CHECK_PATTERN = /^[\w-]{43}$/;
