import { verifyPath } from '@roconnect/shared-lib/contract';

/**
 * The website's verify page with the server chosen (`/verify?server_id=…`), as an absolute URL on
 * the public web origin (APP_URL): what an unlinked member is sent from Discord (the Verify
 * button, /verify, the join DM).
 */
export function serverVerifyUrl(appUrl: string, guildId: string): string {
  return `${appUrl.replace(/\/+$/, '')}${verifyPath(guildId)}`;
}
