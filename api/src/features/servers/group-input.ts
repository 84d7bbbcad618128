/**
 * A Roblox group id from what a person typed: a positive integer id, or a group/community URL
 * (`roblox.com/groups/<id>/…`, `roblox.com/communities/<id>/…`, `groups/group.aspx?gid=<id>`).
 * null when it is neither.
 */
export function groupIdFromInput(input: string | number): string | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input > 0 ? String(input) : null;
  const text = input.trim();
  if (/^[1-9]\d{0,17}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (!/^(?:[a-z0-9-]+\.)*roblox\.com$/i.test(url.hostname)) return null;
  const path = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:groups|communities)\/([1-9]\d{0,17})(?:\/|$)/i.exec(url.pathname);
  if (path) return path[1]!;
  const gid = /\/groups\/group\.aspx$/i.test(url.pathname) ? url.searchParams.get('gid') : null;
  return gid && /^[1-9]\d{0,17}$/.test(gid) ? gid : null;
}
