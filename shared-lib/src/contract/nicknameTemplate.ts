/**
 * Nickname templates (docs/product.md › Nicknames): read one, refuse what can never work, and fill
 * one in, cut safely to Discord's 32 characters. The API and the mock API both use this, so they
 * refuse and cut alike; the editor can show a live example with it. No TypeBox here.
 */
import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_PRESET_TEMPLATES,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  NICKNAME_TOKENS,
} from './constants';
import type { NicknameFormat } from './types';

export type NicknameToken = (typeof NICKNAME_TOKENS)[number];
export type NicknameTemplatePart = { text: string } | { token: NicknameToken };
export type NicknameValues = Record<NicknameToken, string>;

export type ParsedNicknameTemplate =
  { ok: true; parts: NicknameTemplatePart[] } | { ok: false; error: string };

/** Tokens shortened first when a nickname is too long: the names a member picks beside their Roblox identity. */
const SHORTEN_ORDER: NicknameToken[] = [
  'discord-name',
  'discord-username',
  'server-name',
  'group-rank',
  'display-name',
];
/** The shortest a token can be once filled in (Roblox usernames have 3 to 20 characters). */
const SHORTEST: Partial<Record<NicknameToken, number>> = { 'roblox-name': 3, 'roblox-id': 1 };

const chars = (s: string) => Array.from(s);
const length = (s: string) => chars(s).length;
const cut = (s: string, n: number) => chars(s).slice(0, Math.max(0, n)).join('').trimEnd();
const isToken = (name: string): name is NicknameToken =>
  (NICKNAME_TOKENS as readonly string[]).includes(name);
const tokenList = NICKNAME_TOKENS.map((t) => `{${t}}`).join(', ');

/**
 * Splits a template into text and tokens, each token one of `allowed` (a subset of
 * NICKNAME_TOKENS: the nickname's, or a message's, which also reads them). Refuses, saying which:
 * a brace without its pair, a name that is not a token, a token `allowed` leaves out.
 */
export function splitTemplate(
  template: string,
  field: string,
  allowed: readonly NicknameToken[] = NICKNAME_TOKENS,
): ParsedNicknameTemplate {
  const parts: NicknameTemplatePart[] = [];
  const pattern = /\{([^{}]*)\}|[{}]/g;
  let last = 0;
  const list = allowed === NICKNAME_TOKENS ? tokenList : allowed.map((t) => `{${t}}`).join(', ');
  for (const match of template.matchAll(pattern)) {
    const at = match.index;
    if (at > last) parts.push({ text: template.slice(last, at) });
    last = at + match[0].length;
    if (match[1] === undefined)
      return {
        ok: false,
        error: `${field} has a "${match[0]}" without its pair at character ${at + 1}; tokens are written {roblox-name}.`,
      };
    if (!isToken(match[1]) || !allowed.includes(match[1])) {
      const why = isToken(match[1]) ? 'which this text cannot use' : 'which is not a token';
      return { ok: false, error: `${field} names {${match[1]}}, ${why}; use ${list}.` };
    }
    parts.push({ token: match[1] });
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return { ok: true, parts };
}

/**
 * Reads a template into text and tokens. Refuses, saying which: a token that is not one of
 * NICKNAME_TOKENS, a brace without its pair, a template over NICKNAME_TEMPLATE_MAX_LENGTH, and one
 * whose fixed text (with each token at its shortest) is over 32 characters, so it can never fit.
 * An empty template sets no nickname (the `none` format).
 */
export function parseNicknameTemplate(
  template: string,
  field = 'nickname_template',
): ParsedNicknameTemplate {
  if (length(template) > NICKNAME_TEMPLATE_MAX_LENGTH)
    return {
      ok: false,
      error: `${field} has ${length(template)} characters; a template may have at most ${NICKNAME_TEMPLATE_MAX_LENGTH}.`,
    };
  const split = splitTemplate(template, field);
  if (!split.ok) return split;
  const { parts } = split;
  const shortest = parts.reduce(
    (n, p) => n + ('text' in p ? length(p.text) : (SHORTEST[p.token] ?? 0)),
    0,
  );
  if (shortest > NICKNAME_MAX_LENGTH)
    return {
      ok: false,
      error: `${field} can never fit: its fixed text${parts.some((p) => 'token' in p && SHORTEST[p.token]) ? ', with the Roblox name at its shortest,' : ''} is ${shortest} characters and a nickname holds at most ${NICKNAME_MAX_LENGTH}.`,
    };
  return { ok: true, parts };
}

/** The template a server uses: its own, else its format's named template. */
export function effectiveNicknameTemplate(
  format: NicknameFormat,
  template: string | null | undefined,
): string {
  return template ?? NICKNAME_PRESET_TEMPLATES[format];
}

/** The named format whose template this is, when it is one. */
export function presetOfTemplate(template: string): NicknameFormat | null {
  const found = Object.entries(NICKNAME_PRESET_TEMPLATES).find(([, t]) => t === template);
  return found ? (found[0] as NicknameFormat) : null;
}

/**
 * Fills a template in, never over 32 characters; null when it sets no nickname (empty template,
 * or nothing left). A single token is cut at 32. Longer results shorten the names a member picks
 * first (Discord name, server name, rank, display name), each ending in "…", so the Roblox name
 * stays whole; when that is not enough, the Roblox name alone (cut), as the formats always did.
 */
export function fillNicknameTemplate(
  parts: NicknameTemplatePart[],
  values: NicknameValues,
): string | null {
  if (!parts.length) return null;
  if (parts.length === 1) {
    const only = parts[0]!;
    return cut('text' in only ? only.text : values[only.token], NICKNAME_MAX_LENGTH) || null;
  }
  const filled = parts.map((p) =>
    'text' in p
      ? { value: p.text, order: -1 }
      : { value: values[p.token], order: SHORTEN_ORDER.indexOf(p.token) },
  );
  const total = () => filled.reduce((n, f) => n + length(f.value), 0);
  const result = () =>
    filled
      .map((f) => f.value)
      .join('')
      .trim() || null;
  if (total() <= NICKNAME_MAX_LENGTH) return result();
  for (let order = 0; order < SHORTEN_ORDER.length; order++) {
    for (const f of filled) {
      if (f.order !== order) continue;
      const room = NICKNAME_MAX_LENGTH - (total() - length(f.value));
      if (room >= length(f.value)) continue;
      f.value = room >= 1 ? `${cut(f.value, room - 1)}…` : '';
      if (total() <= NICKNAME_MAX_LENGTH) return result();
    }
  }
  const robloxName = parts.some((p) => 'token' in p && p.token === 'roblox-name');
  return (
    cut(
      robloxName ? values['roblox-name'] : filled.map((f) => f.value).join(''),
      NICKNAME_MAX_LENGTH,
    ) || null
  );
}
