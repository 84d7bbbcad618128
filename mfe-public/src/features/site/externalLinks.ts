import { BRAND } from '@roconnect/shared-lib';

/**
 * The community server invite and the social profile linked from the footer
 * (docs/product.md › Landing).
 */
export const COMMUNITY_INVITE = {
  href: 'https://discord.gg/roconnect',
  label: `${BRAND.chat} community`,
} as const;

export const SOCIAL_PROFILE = {
  href: 'https://x.com/roconnect',
  label: `${BRAND.product} on X`,
} as const;
