/**
 * The one reading of a typed Roblox group (docs/product.md › Group input): the API's setup, edit and
 * binds routes, the MSW mocks and mfe-setup's forms all ask this, so the same text gets the same
 * answer everywhere.
 */

/** Why a text is not a group, for callers that word it their own way. */
export type RobloxGroupInputProblem =
  'empty' | 'not_a_whole_number' | 'too_long' | 'not_on_roblox' | 'not_a_group_link' | 'unreadable';

export type RobloxGroupInputResult =
  { ok: true; groupId: string } | { ok: false; problem: RobloxGroupInputProblem; error: string };

const HELP =
  'Enter a Roblox group ID (like 1234567) or a group link such as https://www.roblox.com/communities/1234567/name.';
const MAX_DIGITS = 19;

const refuse = (problem: RobloxGroupInputProblem, error: string): RobloxGroupInputResult => ({
  ok: false,
  problem,
  error,
});

function fromDigits(digits: string): RobloxGroupInputResult {
  const id = digits.replace(/^0+/, '');
  if (!id) return refuse('not_a_whole_number', 'A Roblox group ID is a positive whole number.');
  if (id.length > MAX_DIGITS)
    return refuse('too_long', 'That number is too long to be a Roblox group ID.');
  return { ok: true, groupId: id };
}

function toUrl(text: string): URL | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/**
 * Reads a group id from what a server owner typed: a bare id, a `roblox.com/groups/{id}/…` or
 * `roblox.com/communities/{id}/…` link (www./web./m. hosts, optional locale segment such as /es/),
 * or the old `groups/group.aspx?gid={id}`.
 */
export function parseRobloxGroupInput(text: string): RobloxGroupInputResult {
  const input = typeof text === 'string' ? text.trim() : '';
  if (!input) return refuse('empty', HELP);
  if (/^\d+$/.test(input)) return fromDigits(input);
  if (/^-?\d+(\.\d+)?$/.test(input))
    return refuse('not_a_whole_number', 'A Roblox group ID is a positive whole number.');

  const url = toUrl(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return refuse('unreadable', HELP);
  if (!/^(?:[a-z0-9-]+\.)?roblox\.com$/i.test(url.hostname)) {
    return refuse('not_on_roblox', `That link is not on roblox.com. ${HELP}`);
  }
  const path = url.pathname.match(
    /^\/(?:[a-z]{2}(?:[-_][a-z]{2,4})?\/)?(?:groups|communities)\/(\d+)(?:\/|$)/i,
  );
  if (path?.[1]) return fromDigits(path[1]);
  if (/^\/groups\/group\.aspx$/i.test(url.pathname)) {
    const gid = url.searchParams.get('gid') ?? '';
    if (/^\d+$/.test(gid)) return fromDigits(gid);
  }
  return refuse('not_a_group_link', `That roblox.com link does not point to a group. ${HELP}`);
}

/**
 * The body of setup/group and edit/group for a text this parser accepts: an id as `group_id`, a
 * link as `group_url` as typed, so a refusal can quote what the owner wrote.
 */
export function robloxGroupRequest(
  text: string,
):
  | { ok: true; body: { group_id: string } | { group_url: string } }
  | Extract<RobloxGroupInputResult, { ok: false }> {
  const parsed = parseRobloxGroupInput(text);
  if (!parsed.ok) return parsed;
  const typed = text.trim();
  return {
    ok: true,
    body: /^\d+$/.test(typed) ? { group_id: parsed.groupId } : { group_url: typed },
  };
}
