import styled from 'styled-components';
import {
  exactTime,
  relativeTime,
  type AuditEntry,
  type AuditTextPart,
  type SettingAuditEntry,
  type VerificationAuditEntry,
} from '@roconnect/shared-lib';
import { actorName, change, settingChangeText, sourceLabel } from './auditTexts';

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
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

/** A role, channel or user by name; its id on hover. */
const Named = styled.span`
  font-weight: 600;
  text-decoration: underline dotted;
  text-underline-offset: 0.2em;
`;

const KIND_WORDS = { role: 'Role', channel: 'Channel', user: 'Discord user' } as const;

/** The id a name stands for, as its hover text. */
const idTitle = (part: { kind?: AuditTextPart['kind']; id: string }) =>
  `${part.kind ? KIND_WORDS[part.kind] : 'Discord'} ID ${part.id}`;

function Parts({ parts }: { parts: AuditTextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.id ? (
          <Named key={i} title={idTitle({ kind: part.kind, id: part.id })} data-id={part.id}>
            {part.text}
          </Named>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** A person by their display name, their Discord id on hover. */
function Person({ person }: { person: { discord_id: string; username: string; name?: string } }) {
  return (
    <Named title={idTitle({ kind: 'user', id: person.discord_id })} data-id={person.discord_id}>
      {person.name || person.username}
    </Named>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  return entry.actor ? <Person person={entry.actor} /> : <>{actorName(entry)}</>;
}

/** A list of roles by name with their ids, or `none`. */
function Roles({ named, stored }: { named?: AuditTextPart[]; stored: string[] }) {
  const parts = named ?? stored.map((text) => ({ text }));
  if (!parts.length) return <>none</>;
  return <Parts parts={parts.flatMap((part, i) => (i === 0 ? [part] : [{ text: ', ' }, part]))} />;
}

/** Settings whose values the page words itself (change()); the others name roles and channels. */
const WORDED = new Set(['nickname_format', 'join_handling', 'join_dm', 'resync']);

function SettingChange({ entry }: { entry: SettingAuditEntry }) {
  if (WORDED.has(entry.setting) || (!entry.before_named && !entry.after_named))
    return <>{change(entry.before, entry.after, entry.setting)}</>;
  const side = (parts: AuditTextPart[] | null | undefined, raw: string | null) =>
    parts ? <Parts parts={parts} /> : <>{raw ?? '(none)'}</>;
  return (
    <>
      {side(entry.before_named, entry.before)} → {side(entry.after_named, entry.after)}
    </>
  );
}

/**
 * One entry of the log: when, who, what happened and its details. A table row at desktop widths,
 * a card on phones (AuditLogSection's styles). Focusable from script (not by Tab), so "Load more"
 * can take the keyboard to the first row it added.
 */
export function AuditRow({ entry }: { entry: AuditEntry }) {
  const setting = entry.kind === 'setting_change';
  return (
    <tr role="row" tabIndex={-1}>
      <td role="cell" className="when">
        <time dateTime={entry.at} title={exactTime(entry.at)}>
          {relativeTime(entry.at)}
        </time>
      </td>
      <td role="cell" className="who">
        <Who entry={entry} />
      </td>
      <td role="cell" className="what">
        {setting ? (
          settingChangeText(entry.setting)
        ) : (
          <>
            Verified <Person person={entry.member} /> {sourceLabel(entry.source)}
          </>
        )}
      </td>
      <td role="cell" className="details">
        {setting ? <SettingChange entry={entry} /> : <VerificationDetails entry={entry} />}
      </td>
    </tr>
  );
}

function VerificationDetails({ entry }: { entry: VerificationAuditEntry }) {
  return (
    <Details>
      <dt>Roblox account</dt>
      <dd>{entry.roblox_account.username}</dd>
      <dt>Roles added</dt>
      <dd>
        <Roles named={entry.roles_added_named} stored={entry.roles_added} />
      </dd>
      <dt>Roles removed</dt>
      <dd>
        <Roles named={entry.roles_removed_named} stored={entry.roles_removed} />
      </dd>
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
  );
}
