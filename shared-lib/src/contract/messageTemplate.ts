/**
 * A server's own words (docs/product.md › Messages): the verified DM, the welcome DM and the
 * Verify message, written as templates with the nickname template's tokens (nicknameTemplate.ts
 * reads both). The API and the mock API refuse alike; the editor counts and previews with it.
 * No TypeBox here.
 */
import { splitTemplate, type NicknameTemplatePart, type NicknameToken } from './nicknameTemplate';

/** Discord's limits: a message's content, an embed's title and description, a button's label. */
export const MESSAGE_LIMITS = {
  verified_dm: 2000,
  welcome_dm: 2000,
  title: 256,
  body: 4096,
  button_label: 80,
} as const;

export type MessageField = keyof typeof MESSAGE_LIMITS;

/**
 * The tokens each text may use: a verified member's DM knows their accounts; a joiner who has not
 * linked one has no Roblox account yet; the Verify message is the same for everyone who reads it.
 */
export const MESSAGE_TOKENS: Record<MessageField, readonly NicknameToken[]> = {
  verified_dm: ['roblox-name', 'display-name', 'discord-name', 'server-name', 'group-rank'],
  welcome_dm: ['discord-name', 'server-name'],
  title: ['server-name'],
  body: ['server-name'],
  button_label: ['server-name'],
};

/** RoConnect's own texts, used while a server keeps them (null). */
export const DEFAULT_MESSAGES = {
  verified_dm: 'You are verified in {server-name} as {roblox-name} on Roblox.',
  welcome_dm: 'Welcome to {server-name}! Link your Roblox account and verify to get your roles.',
  verify_message: {
    title: 'Verify with RoConnect',
    body: 'Press Verify to get your roles in this server from your linked Roblox account.',
    button_label: 'Verify',
  },
} as const;

/** `@everyone`, `@here` and role mentions: a server's text never pings many people at once. */
const MASS_MENTION = /@(everyone|here)\b|<@&\d*>/i;

export type CheckedMessage =
  { ok: true; parts: NicknameTemplatePart[] } | { ok: false; code: string; error: string };

const chars = (s: string) => Array.from(s).length;

/**
 * Reads one text: not blank, within its Discord limit, no mass mention, and only the tokens its
 * field may use. `path` names it in the refusal (`body.verify_message.title`).
 */
export function checkMessageTemplate(
  text: string,
  field: MessageField,
  path: string,
): CheckedMessage {
  const max = MESSAGE_LIMITS[field];
  if (!text.trim())
    return { ok: false, code: 'message_blank', error: `${path} must not be blank.` };
  if (chars(text) > max)
    return {
      ok: false,
      code: 'message_too_long',
      error: `${path} has ${chars(text).toLocaleString('en-US')} characters; Discord allows ${max.toLocaleString('en-US')}.`,
    };
  const mention = text.match(MASS_MENTION);
  if (mention)
    return {
      ok: false,
      code: 'mass_mention',
      error: `${path} mentions ${mention[0]}; RoConnect's messages never ping @everyone, @here or a role.`,
    };
  const split = splitTemplate(text, path, MESSAGE_TOKENS[field]);
  return split.ok ? split : { ok: false, code: 'unknown_token', error: split.error };
}

/** The text with its tokens filled in, cut to the field's limit (the values may be long). */
export function fillMessageTemplate(
  parts: NicknameTemplatePart[],
  values: Partial<Record<NicknameToken, string>>,
  field: MessageField,
): string {
  const text = parts.map((p) => ('text' in p ? p.text : (values[p.token] ?? ''))).join('');
  const all = Array.from(text);
  const max = MESSAGE_LIMITS[field];
  return (all.length > max ? `${all.slice(0, max - 1).join('')}…` : text).trim();
}
