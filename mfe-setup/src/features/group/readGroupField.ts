import { robloxGroupRequest } from '@roconnect/shared-lib/contract';

/**
 * What saving a group field sends, or what the form says instead (docs/product.md › Group input).
 * The text is read by the contract's parser, the one the API and the mocks read it with, so a text
 * the API would refuse is refused here first, in the parser's words; an empty field gets the
 * form's own sentence.
 */
export function readGroupField(
  text: string,
  emptyMessage: string,
): { body: { group_id: string } | { group_url: string } } | { error: string } {
  const group = robloxGroupRequest(text);
  if (group.ok) return { body: group.body };
  return { error: group.problem === 'empty' ? emptyMessage : group.error };
}
