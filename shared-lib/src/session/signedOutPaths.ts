/** Where a session that ended on its own sends the user (docs/product.md › Sessions). */
export const LOGIN_PATH = '/login';
export const EXPIRED_LOGIN_PATH = '/login?message=discord_token_expired';
