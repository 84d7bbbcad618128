/** Ids typed or pasted one per line, or separated by commas or spaces. */
export function parseIdList(
  text: string,
  what: string,
  max: number,
): { ok: true; ids: string[] } | { ok: false; error: string } {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const bad = words.find((w) => !/^\d{1,19}$/.test(w));
  if (bad) return { ok: false, error: `“${bad}” is not a ${what} ID: IDs are numbers.` };
  const ids = [...new Set(words)];
  if (ids.length > max)
    return { ok: false, error: `At most ${max} ${what} IDs; this has ${ids.length}.` };
  return { ok: true, ids };
}
