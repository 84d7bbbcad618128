import type { VerifyResult } from '@roconnect/shared-lib/contract';

/** An ephemeral reply holds 2,000 characters: the roles not given beyond these are counted. */
const MAX_NOT_GIVEN_LINES = 15;

/** What a verification changed, one line each, for an ephemeral reply. */
export function describeChanges(result: VerifyResult): string[] {
  const lines: string[] = [];
  if (result.roles_added.length) lines.push(`Roles given: ${result.roles_added.join(', ')}.`);
  if (result.roles_removed.length) lines.push(`Roles removed: ${result.roles_removed.join(', ')}.`);
  if (result.nickname_updated && result.nickname) lines.push(`Nickname set to ${result.nickname}.`);
  if (lines.length === 0 && !result.restricted)
    lines.push('Your roles and nickname were already up to date.');
  for (const warning of result.warnings) lines.push(`Note: ${warning}`);
  // each bound role not given, with why (docs/product.md › Verify answers); a restriction's one
  // reason is in its note already
  const notGiven = result.restricted ? [] : result.not_given;
  for (const { role_name, reason } of notGiven.slice(0, MAX_NOT_GIVEN_LINES))
    lines.push(`Not given: ${role_name}: ${reason}.`);
  if (notGiven.length > MAX_NOT_GIVEN_LINES)
    lines.push(`…and ${notGiven.length - MAX_NOT_GIVEN_LINES} more roles not given.`);
  return lines;
}

/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

/** The lines as one reply, the last ones left out (and said so) when over Discord's limit. */
export function replyText(lines: string[]): string {
  const kept = [...lines];
  let text = kept.join('\n');
  while (text.length > MAX_CONTENT && kept.length > 1) {
    kept.pop();
    text = `${kept.join('\n')}\n…`;
  }
  return text.slice(0, MAX_CONTENT);
}
