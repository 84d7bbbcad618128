import { ApiError, badGateway } from '../lib/errors';
import { IntegrationError } from './types';

const NAMES = { discord: 'Discord', roblox: 'Roblox' } as const;

/** A Discord/Roblox failure that escaped a feature's own handling → a 502 someone can act on. */
export function integrationToApiError(err: IntegrationError): ApiError {
  const who = NAMES[err.provider];
  switch (err.kind) {
    case 'missing_permissions':
    case 'missing_access':
      return badGateway(
        `${who} refused the bot: ${err.message} Check that the RoConnect bot has Manage Roles and Manage Nicknames and that its role sits above the roles it must give.`,
        'discord_missing_permissions',
      );
    case 'rate_limited':
    case 'unavailable':
      return badGateway(
        `${who} is not answering right now. Please try again in a moment.`,
        `${err.provider}_unavailable`,
      );
    default:
      return badGateway(`${who} refused the request: ${err.message}`, `${err.provider}_error`);
  }
}

export function isIntegrationError(err: unknown): err is IntegrationError {
  return err instanceof IntegrationError;
}
