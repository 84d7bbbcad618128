import { BRAND, type IconName } from '@roconnect/shared-lib';

export interface Feature {
  title: string;
  description: string;
  icon: IconName;
}

/** The three feature cards of the landing (docs/product.md › Landing). */
export const FEATURES: Feature[] = [
  {
    title: 'Secure Verification',
    description: `Sign in with ${BRAND.chat}'s OAuth2 and link ${BRAND.game} through its official sign-in. We never see or store your passwords.`,
    icon: 'lock',
  },
  {
    title: 'Role Management',
    description: `Verified members get your server's verified role and ${BRAND.game} group roles automatically, with nicknames in the format you choose.`,
    icon: 'shield',
  },
  {
    title: 'Instant Sync',
    description: `Verify in any server with the bot in one click: roles and nickname update at once and you get a confirmation DM.`,
    icon: 'bolt',
  },
];
