export type RobloxGroupInputResult = { ok: true; groupId: string } | { ok: false; error: string };

const HELP =
  'Enter a Roblox group ID (like 1234567) or a group link such as https://www.roblox.com/communities/1234567/name.';
const MAX_DIGITS = 19;

function fromDigits(digits: string): RobloxGroupInputResult {
  const id = digits.replace(/^0+/, '');
  if (!id) return { ok: false, error: 'A Roblox group ID is a positive whole number.' };
  if (id.length > MAX_DIGITS)
    return { ok: false, error: 'That number is too long to be a Roblox group ID.' };
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
  if (!input) return { ok: false, error: HELP };
  if (/^\d+$/.test(input)) return fromDigits(input);
  if (/^-?\d+(\.\d+)?$/.test(input))
    return { ok: false, error: 'A Roblox group ID is a positive whole number.' };

  const url = toUrl(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return { ok: false, error: HELP };
  if (!/^(?:[a-z0-9-]+\.)?roblox\.com$/i.test(url.hostname)) {
    return { ok: false, error: `That link is not on roblox.com. ${HELP}` };
  }
  const path = url.pathname.match(
    /^\/(?:[a-z]{2}(?:[-_][a-z]{2,4})?\/)?(?:groups|communities)\/(\d+)(?:\/|$)/i,
  );
  if (path?.[1]) return fromDigits(path[1]);
  if (/^\/groups\/group\.aspx$/i.test(url.pathname)) {
    const gid = url.searchParams.get('gid') ?? '';
    if (/^\d+$/.test(gid)) return fromDigits(gid);
  }
  return { ok: false, error: `That roblox.com link does not point to a group. ${HELP}` };
}
