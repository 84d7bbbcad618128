import { apiErrorStatus } from '@roconnect/shared-lib';
import { parseRobloxGroupInput } from '@roconnect/shared-lib/contract';
import { useBindLookup } from '@roconnect/shared-lib/query';
import { LOOKUP_DELAY_MS } from './ItemBindRow';
import { useDebounced } from './useDebounced';

/**
 * The name of the group typed into "Add another group" (an ID or a URL), looked up once the owner
 * pauses: the hint under the field, or that Roblox has no such group.
 */
export function useGroupInputName(serverId: string, text: string) {
  const settled = useDebounced(text, LOOKUP_DELAY_MS);
  const parsed = parseRobloxGroupInput(settled);
  const id = parsed.ok ? parsed.groupId : null;
  const lookup = useBindLookup(serverId, 'group', id);
  if (!id || settled !== text) return {};
  if (lookup.data) return { name: lookup.data.name };
  if (lookup.isError && apiErrorStatus(lookup.error) === 404)
    return { unknown: `Roblox has no group with ID ${id}.` };
  return {};
}
