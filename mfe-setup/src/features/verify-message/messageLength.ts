import { VERIFY_MESSAGE_MAX_LENGTH } from '@roconnect/shared-lib';

/** The text as it is sent: without the spaces and blank lines around it. */
export const sentText = (text: string) => text.trim();

/**
 * The sent text's length as the API's schema counts it (JSON Schema's maxLength counts
 * characters, not UTF-16 units: an emoji is one).
 */
export function messageLength(text: string): number {
  return [...sentText(text)].length;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "12 / 1,500 characters" */
export function lengthHint(text: string): string {
  return `${count(messageLength(text))} / ${count(VERIFY_MESSAGE_MAX_LENGTH)} characters`;
}

/** What is wrong with the text, or undefined when it fits. */
export function messageTextProblem(text: string): string | undefined {
  const length = messageLength(text);
  if (length <= VERIFY_MESSAGE_MAX_LENGTH) return undefined;
  return `The message text is ${count(length)} characters long; the limit is ${count(VERIFY_MESSAGE_MAX_LENGTH)}.`;
}
