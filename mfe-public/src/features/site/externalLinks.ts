import { getRuntimeConfig, type RuntimeConfig } from '@roconnect/shared-lib';

/**
 * The community chat invite and the social profile the public pages link to: a deploy names them
 * in the shell's config.json (`footerLinks`), which the shell checks and hands to every remote
 * through shared-lib's runtime configuration. One not configured is not shown.
 */
export function footerLinks(): NonNullable<RuntimeConfig['footerLinks']> {
  return getRuntimeConfig().footerLinks ?? {};
}
