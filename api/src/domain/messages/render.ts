import {
  DEFAULT_MESSAGES,
  checkMessageTemplate,
  fillMessageTemplate,
  type MessageField,
  type NicknameToken,
} from '@roconnect/shared-lib/contract';
import type { DiscordOutgoingMessage } from '../../integrations/types';
import { badRequest } from '../../lib/errors';
import { VERIFY_BUTTON_ID } from '../config/verify-link';
import { discordLiteral } from '../rules/display-text';
import type { ServerMessages } from './store';

/** The Verify message's text when the server wrote none and posted it without a text. */
export const DEFAULT_VERIFY_TEXT = DEFAULT_MESSAGES.verify_message.body;

export type TokenValues = Partial<Record<NicknameToken, string>>;

/** forDiscord false: the names as they are, for a preview on the website (no markdown escapes) */
export interface RenderOptions {
  forDiscord?: boolean;
}

/** One template read, or a 400 naming the field and what is wrong with it. */
function parsed(text: string, field: MessageField, path: string) {
  const checked = checkMessageTemplate(text, field, path);
  if (!checked.ok) throw badRequest(checked.error, checked.code);
  return checked.parts;
}

/** Checks each text of PUT …/edit/messages (limits, mass mentions, tokens); a 400 names the first wrong one. */
export function checkServerMessages(m: ServerMessages): void {
  if (m.verified_dm !== null) parsed(m.verified_dm, 'verified_dm', 'body.verified_dm');
  if (m.welcome_dm !== null) parsed(m.welcome_dm, 'welcome_dm', 'body.welcome_dm');
  if (m.verify_message) {
    parsed(m.verify_message.title, 'title', 'body.verify_message.title');
    parsed(m.verify_message.body, 'body', 'body.verify_message.body');
    parsed(m.verify_message.button_label, 'button_label', 'body.verify_message.button_label');
  }
}

/**
 * A template filled in for Discord. Each value is a name someone chose (a member, a group, the
 * server's managers), written as plain text: it cannot turn into a link, mention or formatting
 * (docs/security.md, "names chosen by others in what the bot writes"). A template saved before a
 * rule changed and no longer reads falls back to RoConnect's text.
 */
export function fill(
  template: string,
  field: MessageField,
  values: TokenValues,
  fallback: string,
  { forDiscord = true }: RenderOptions = {},
): string {
  const checked = checkMessageTemplate(template, field, field);
  const plain = forDiscord
    ? Object.fromEntries(
        Object.entries(values).map(([token, value]) => [token, discordLiteral(value ?? '')]),
      )
    : values;
  if (checked.ok) return fillMessageTemplate(checked.parts, plain, field);
  const again = checkMessageTemplate(fallback, field, field);
  return again.ok ? fillMessageTemplate(again.parts, plain, field) : fallback;
}

/** A DM's text: the server's words for it, else RoConnect's, filled in. */
function dmText(
  messages: ServerMessages,
  field: 'verified_dm' | 'welcome_dm',
  values: TokenValues,
  options: RenderOptions,
): string {
  return fill(
    messages[field] ?? DEFAULT_MESSAGES[field],
    field,
    values,
    DEFAULT_MESSAGES[field],
    options,
  );
}

/** The verified DM: the server's words (or RoConnect's), then the roles given. */
export function verifiedDmText(
  messages: ServerMessages,
  values: TokenValues,
  rolesGiven: string[],
  options: RenderOptions = {},
): string {
  const roles = rolesGiven.map((name) => discordLiteral(name, 'a role'));
  const tail = roles.length ? ` Roles given: ${roles.join(', ')}.` : '';
  const text = dmText(messages, 'verified_dm', values, options);
  const room = 2000 - tail.length;
  return `${
    Array.from(text).length > room
      ? `${Array.from(text)
          .slice(0, room - 1)
          .join('')}…`
      : text
  }${tail}`;
}

/** The welcome DM of a joiner with no linked account: the server's words, then where to verify. */
export function welcomeDmText(
  messages: ServerMessages,
  values: TokenValues,
  verifyUrl: string,
  options: RenderOptions = {},
): string {
  const tail = `\n${verifyUrl}`;
  const text = dmText(messages, 'welcome_dm', values, options);
  return `${Array.from(text)
    .slice(0, 2000 - tail.length)
    .join('')}${tail}`;
}

/**
 * The Verify message as the bot posts or edits it: the server's title and body as an embed above
 * its button, or (while it keeps RoConnect's words) the text it was posted with, else the default,
 * above a "Verify" button. Its presses come back as interactions (features/interactions).
 */
export function verifyMessageBody(
  messages: ServerMessages,
  postedText: string | null,
  serverName: string,
  options: RenderOptions = {},
): DiscordOutgoingMessage {
  const own = messages.verify_message;
  const values = { 'server-name': serverName };
  const label = own
    ? fill(
        own.button_label,
        'button_label',
        values,
        DEFAULT_MESSAGES.verify_message.button_label,
        options,
      )
    : DEFAULT_MESSAGES.verify_message.button_label;
  const button = {
    type: 1 as const,
    components: [{ type: 2 as const, style: 1, label, custom_id: VERIFY_BUTTON_ID }],
  };
  if (!own) return { content: postedText ?? DEFAULT_VERIFY_TEXT, components: [button] };
  return {
    embeds: [
      {
        title: fill(own.title, 'title', values, DEFAULT_MESSAGES.verify_message.title, options),
        description: fill(own.body, 'body', values, DEFAULT_MESSAGES.verify_message.body, options),
      },
    ],
    components: [button],
  };
}
