import styled from 'styled-components';
import { exactTime, relativeTime, type AuditEntry } from '@roconnect/shared-lib';
import { actorName, change, settingLabel, sourceLabel } from './auditTexts';

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(0.5)} ${({ theme }) => theme.space(2)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const list = (names: string[]) => (names.length ? names.join(', ') : 'none');

/**
 * One row of the audit table: when, who, what happened and its details. Focusable from script
 * (not by Tab), so "Load more" can take the keyboard to the first row it added.
 */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const when = (
    <time dateTime={entry.at} title={exactTime(entry.at)}>
      {relativeTime(entry.at)}
    </time>
  );
  if (entry.kind === 'setting_change') {
    return (
      <tr tabIndex={-1}>
        <td>{when}</td>
        <td>{actorName(entry)}</td>
        <td>Changed {settingLabel(entry.setting)}</td>
        <td>{change(entry.before, entry.after, entry.setting)}</td>
      </tr>
    );
  }
  return (
    <tr tabIndex={-1}>
      <td>{when}</td>
      <td>{actorName(entry)}</td>
      <td>
        Verified {entry.member.username} {sourceLabel(entry.source)}
      </td>
      <td>
        <Details>
          <dt>Roblox account</dt>
          <dd>{entry.roblox_account.username}</dd>
          <dt>Roles added</dt>
          <dd>{list(entry.roles_added)}</dd>
          <dt>Roles removed</dt>
          <dd>{list(entry.roles_removed)}</dd>
          <dt>Nickname</dt>
          <dd>{change(entry.nickname_before, entry.nickname_after)}</dd>
          <dt>DM sent</dt>
          <dd>{entry.dm_sent ? 'Yes' : 'No'}</dd>
          {entry.warnings.length > 0 && (
            <>
              <dt>Warnings</dt>
              <dd>{entry.warnings.join(' ')}</dd>
            </>
          )}
        </Details>
      </td>
    </tr>
  );
}
