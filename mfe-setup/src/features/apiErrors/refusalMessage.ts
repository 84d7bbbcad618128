import { apiErrorMessage, apiErrorStatus } from '@roconnect/shared-lib';

/**
 * The API's own explanation when it answered and refused a value (a role above the bot's role, a
 * group that does not exist…). A timeout or a lost connection has no such text, so nothing is shown.
 */
export function refusalMessage(error: unknown): string | undefined {
  return apiErrorStatus(error) === undefined ? undefined : apiErrorMessage(error);
}
