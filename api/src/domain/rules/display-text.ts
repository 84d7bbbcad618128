/**
 * Names other people chose (a server's, a Roblox group's or rank's, a display name) as the bot
 * writes them into Discord: in nicknames without the characters that hide or reorder text, and in
 * direct messages also as plain text, never as links, mentions or formatting
 * (docs/security.md, "names chosen by others in what the bot writes").
 */

/**
 * Invisible characters: format characters (bidi embeddings, overrides, isolates and marks,
 * zero-width spaces and joiners, word joiners, invisible operators, the byte order mark, tags),
 * controls, and the Hangul fillers, which are letters that show as nothing.
 */
const HIDDEN = /[\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0]/u;
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
/** what may precede a joiner inside an emoji sequence (👩‍💻, 🏳️‍🌈, 👍🏽‍…) */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** letters of scripts whose spelling needs the joiners (Arabic, Persian, the Indic scripts, …) */
const JOINING_LETTER = /[\p{L}\p{M}]/u;
const NO_JOINERS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}]/u;
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = '\u{1F3F4}';

function keepsHidden(char: string, before: string | undefined, after: string | undefined) {
  if (before === undefined) return false;
  // the England, Scotland and Wales flags are 🏴 followed by tags
  if (TAG.test(char)) return before === BLACK_FLAG || TAG.test(before);
  if (after === undefined) return false;
  if (char === ZWJ && EMOJI_PART.test(before) && PICTOGRAPH.test(after)) return true;
  const joins = (c: string) => JOINING_LETTER.test(c) && !NO_JOINERS.test(c);
  return (char === ZWJ || char === ZWNJ) && joins(before) && joins(after);
}

/**
 * The text without invisible characters, so that two names that look alike are alike and nothing
 * reorders what follows. Joiners stay where emoji or a script's spelling need them.
 */
export function withoutHiddenCharacters(text: string): string {
  const chars = Array.from(text);
  const kept: string[] = [];
  chars.forEach((char, i) => {
    if (!HIDDEN.test(char) || keepsHidden(char, kept.at(-1), chars[i + 1])) kept.push(char);
  });
  return kept.join('');
}

/**
 * The name as plain text inside a message of the bot: one line, no invisible characters, and
 * Discord's markdown escaped, so it cannot turn into a link, a masked link, a mention, a spoiler
 * or formatting, whatever its owner wrote. `fallback` when nothing visible is left.
 */
export function discordLiteral(name: string, fallback = ''): string {
  const line = withoutHiddenCharacters(name.replace(/[\p{Cc}\u2028\u2029]/gu, ' '))
    .replace(/\s+/gu, ' ')
    .trim();
  // a slash escaped breaks every "scheme://" and "discord.gg/…" link; a bracket, masked links;
  // "<", mentions and timestamps
  return line ? line.replace(/[\\*_~`|<[\]/]/g, '\\$&') : fallback;
}
