import type { VerifyResult } from '@roconnect/shared-lib/contract';

/** What a verification changed, one line each, for an ephemeral reply. */
export function describeChanges(result: VerifyResult): string[] {
  const lines: string[] = [];
  if (result.roles_added.length) lines.push(`Roles given: ${result.roles_added.join(', ')}.`);
  if (result.roles_removed.length) lines.push(`Roles removed: ${result.roles_removed.join(', ')}.`);
  if (result.nickname_updated && result.nickname) lines.push(`Nickname set to ${result.nickname}.`);
  if (lines.length === 0) lines.push('Your roles and nickname were already up to date.');
  for (const warning of result.warnings) lines.push(`Note: ${warning}`);
  return lines;
}
