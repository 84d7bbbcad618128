import { verifyPath } from '@roconnect/shared-lib/contract';

/** The custom_id of the Verify message's button: its presses arrive as component interactions. */
export const VERIFY_BUTTON_ID = 'roconnect:verify';

/**
 * The website's verify page with the server chosen (`/verify?server_id=…`), as an absolute URL on
 * the public web origin (APP_URL): what an unlinked member is sent from Discord (the Verify
 * button, /verify, the join DM).
 */
export function serverVerifyUrl(appUrl: string, guildId: string): string {
  return `${appUrl.replace(/\/+$/, '')}${verifyPath(guildId)}`;
}
