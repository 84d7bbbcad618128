import { BRAND } from '../constants';
import type { FooterLinks } from '../config/runtimeConfig';

/**
 * The footer links the standalone harnesses and tests configure, as a deploy's config.json would
 * (shell/public/config.json has the same).
 */
export const DEMO_FOOTER_LINKS: FooterLinks = {
  community: { url: 'https://discord.gg/roconnect', label: `${BRAND.chat} community` },
  social: { url: 'https://x.com/roconnect', label: `${BRAND.product} on X` },
};
