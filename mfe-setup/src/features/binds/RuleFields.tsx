import { useId } from 'react';
import styled from 'styled-components';
import {
  BIND_PRIORITY_MAX,
  Label,
  NICKNAME_TEMPLATE_MAX_LENGTH,
  Select,
  TextInput,
  type ServerRole,
} from '@roconnect/shared-lib';
import { NEW_ROLE, type RuleDraft } from './bindDrafts';
import { RoleOptions } from '../role-lists/RoleOptions';

const Extras = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 2fr 1fr;
    align-items: start;
  }
`;

interface FieldProps<T extends RuleDraft> {
  row: T;
  roles: ServerRole[];
  invalid: boolean;
  disabled: boolean;
  onChange: (row: T) => void;
}

/** The role a bind gives: one of the server's, or a new one the bot creates on save. */
export function RoleField<T extends RuleDraft>({
  row,
  roles,
  invalid,
  disabled,
  onChange,
}: FieldProps<T>) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Role</Label>
      <Select
        id={id}
        value={row.role}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange({ ...row, role: event.target.value })}
      >
        <option value="">Choose a role…</option>
        <RoleOptions roles={roles} savedId={row.role === NEW_ROLE ? null : row.role} />
        <option value={NEW_ROLE}>New role…</option>
      </Select>
    </div>
  );
}

/** The new role's name (when "New role…" is chosen), the bind's nickname template and priority. */
export function RuleExtras<T extends RuleDraft>({
  row,
  invalid,
  disabled,
  onChange,
}: Omit<FieldProps<T>, 'roles'>) {
  const nameId = useId();
  const nicknameId = useId();
  const priorityId = useId();
  return (
    <>
      {row.role === NEW_ROLE && (
        <div>
          <Label htmlFor={nameId}>New role name</Label>
          <TextInput
            id={nameId}
            value={row.newRoleName}
            maxLength={100}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={invalid || undefined}
            hint="The bot creates this role when you save."
            onChange={(event) => onChange({ ...row, newRoleName: event.target.value })}
          />
        </div>
      )}
      <Extras>
        <div>
          <Label htmlFor={nicknameId}>Nickname template (optional)</Label>
          <TextInput
            id={nicknameId}
            value={row.nickname}
            maxLength={NICKNAME_TEMPLATE_MAX_LENGTH}
            autoComplete="off"
            placeholder="{roblox-name} [{group-rank}]"
            disabled={disabled}
            hint="Names members this bind matches. Empty: the server's template."
            onChange={(event) => onChange({ ...row, nickname: event.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={priorityId}>Priority (optional)</Label>
          <TextInput
            id={priorityId}
            value={row.priority}
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            disabled={disabled}
            aria-invalid={invalid || undefined}
            hint={`0–${BIND_PRIORITY_MAX}. The highest matching bind's template wins.`}
            onChange={(event) => onChange({ ...row, priority: event.target.value })}
          />
        </div>
      </Extras>
    </>
  );
}
