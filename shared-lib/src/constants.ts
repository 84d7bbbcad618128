/**
 * Brand words and every business constant, in one place (docs/product.md › Limits and constants).
 */
export const BRAND = {
  product: 'RoConnect',
  chat: 'Discord',
  game: 'Roblox',
  gameDomain: 'roblox.com',
} as const;

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
} as const;

export const TIMEOUTS = {
  /** standard client */
  standardMs: 10_000,
  /** long client: group setup and group edit */
  longMs: 120_000,
} as const;

export const TOASTS = {
  defaultDurationMs: 5_000,
  maxVisible: 3,
} as const;

export const SETUP_STEP_COUNT = 3;
export const DEFAULT_VERIFIED_ROLE_NAME = 'Verified';
export const DEFAULT_NICKNAME_FORMAT = 'roblox_username';
export const DEFAULT_SERVER_NAME = 'Unknown Server';
export const VERIFY_SUCCESS_REDIRECT_MS = 3_000;
export const DASHBOARD_FLAG_TOAST_DELAY_MS = 100;
/** Manage Roles, Manage Nicknames, View Channels, Send Messages, Embed Links, Read Message History */
export const BOT_PERMISSIONS = '402738176';

export const RETENTION = {
  accountInactivity: '2 years',
  sessionTokens: '7 days',
  backups: '90 days',
  minimumAge: 13,
  termsNoticeDays: 30,
  effectiveDate: '1 August 2025',
} as const;

export const BACKGROUND = {
  squares: 15,
  hoverRadiusPx: 150,
} as const;

export const CARD_ANIMATION_DELAY_S = 0.1;

/** Renew the access token this long before it expires (at most a fifth of its lifetime). */
export const REFRESH_LEAD_MS = 60_000;
