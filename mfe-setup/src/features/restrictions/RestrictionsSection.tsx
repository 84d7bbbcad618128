import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  FieldError,
  FieldHint,
  Label,
  MAX_BLOCKED_GROUPS,
  MAX_BLOCKED_ROBLOX_USERS,
  MAX_MIN_ACCOUNT_AGE_DAYS,
  RadioGroup,
  TextInput,
  api,
  type RadioOption,
  type EditRestrictionsRequest,
  type Restrictions,
} from '@roconnect/shared-lib';
import { MAX_REQUIRED_GROUPS } from '@roconnect/shared-lib/contract';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';
import { parseIdList } from './idList';

type Action = Restrictions['action'];
type BanEvasion = Restrictions['ban_evasion'];

const BAN_EVASION: readonly RadioOption<BanEvasion>[] = [
  {
    value: 'flag',
    label: 'Tell staff',
    description: `The member gets their roles; the log channel and the audit log say which banned account used the same ${BRAND.game} account.`,
  },
  {
    value: 'deny',
    label: 'Tell staff and restrict',
    description: 'As above, and the member is restricted: what happens to a caught member below.',
  },
  { value: 'off', label: 'Off', description: 'Bans are not checked.' },
];

const ACTIONS: readonly RadioOption<Action>[] = [
  {
    value: 'deny',
    label: 'Deny',
    description: 'No roles. The member is told why and stays in the server.',
  },
  {
    value: 'kick',
    label: 'Kick',
    description:
      'No roles, and the member is removed from the server. They can join again with an invite. Never applied to server managers; the bot needs Kick Members.',
  },
  {
    value: 'ban',
    label: 'Ban',
    description:
      'No roles, and the member is banned: they cannot join again until you unban them. Never applied to server managers; the bot needs Ban Members.',
  },
];

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
const Area = styled.textarea`
  width: 100%;
  min-height: 4.5rem;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
  font-family: ${({ theme }) => theme.font.mono};
  resize: vertical;
`;

function IdListField({
  label,
  hint,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Area
        id={id}
        value={value}
        spellCheck={false}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export interface RestrictionsSectionProps {
  serverId: string;
  saved: Restrictions;
  onSaved: () => void;
}

/** Who may not verify here (account age, blocked accounts and groups) and what happens to them. */
export function RestrictionsSection({ serverId, saved, onSaved }: RestrictionsSectionProps) {
  const ageId = useId();
  const [age, setAge] = useState(
    saved.min_account_age_days === null ? '' : String(saved.min_account_age_days),
  );
  const [users, setUsers] = useState(saved.blocked_roblox_user_ids.join('\n'));
  const [groups, setGroups] = useState(saved.blocked_group_ids.join('\n'));
  const [required, setRequired] = useState(saved.required_group_ids.join('\n'));
  const [banEvasion, setBanEvasion] = useState<BanEvasion>(saved.ban_evasion);
  const [action, setAction] = useState<Action>(saved.action);
  const [problems, setProblems] = useState<{
    age?: string;
    users?: string;
    groups?: string;
    required?: string;
  }>({});
  const save = useSectionSave({
    call: (body: EditRestrictionsRequest) => api.server.editRestrictions(serverId, body),
    success: 'Restrictions saved',
    failure: 'Failed to save the restrictions',
  });

  function submit() {
    const next: typeof problems = {};
    const ageText = age.trim();
    if (ageText && !(/^\d{1,4}$/.test(ageText) && Number(ageText) <= MAX_MIN_ACCOUNT_AGE_DAYS))
      next.age = `Enter a whole number of days from 0 to ${MAX_MIN_ACCOUNT_AGE_DAYS}, or leave it empty.`;
    const userIds = parseIdList(users, `${BRAND.game} user`, MAX_BLOCKED_ROBLOX_USERS);
    if (!userIds.ok) next.users = userIds.error;
    const groupIds = parseIdList(groups, `${BRAND.game} group`, MAX_BLOCKED_GROUPS);
    if (!groupIds.ok) next.groups = groupIds.error;
    const requiredIds = parseIdList(required, `${BRAND.game} group`, MAX_REQUIRED_GROUPS);
    if (!requiredIds.ok) next.required = requiredIds.error;
    setProblems(next);
    if (!userIds.ok || !groupIds.ok || !requiredIds.ok || next.age) return;
    void save
      .run({
        min_account_age_days: ageText ? Number(ageText) : null,
        blocked_roblox_user_ids: userIds.ids,
        blocked_group_ids: groupIds.ids,
        required_group_ids: requiredIds.ids,
        ban_evasion: banEvasion,
        action,
      })
      .then((ok) => ok && onSaved());
  }

  return (
    <ConfigSection
      title="Restrictions"
      intro={`Members these rules catch get no roles. Every time one is caught, the audit log says so.`}
      saveLabel="Save Restrictions"
      saving={save.saving}
      onSave={submit}
    >
      <Fields>
        <div>
          <Label htmlFor={ageId}>Minimum {BRAND.game} account age (days)</Label>
          <TextInput
            id={ageId}
            value={age}
            inputMode="numeric"
            autoComplete="off"
            placeholder="No minimum"
            disabled={save.saving}
            hint="Empty: accounts of any age may verify."
            error={problems.age}
            onChange={(event) => setAge(event.target.value)}
          />
        </div>
        <IdListField
          label={`Blocked ${BRAND.game} user IDs`}
          hint="One per line, or separated by commas."
          value={users}
          error={problems.users}
          disabled={save.saving}
          onChange={setUsers}
        />
        <IdListField
          label={`Blocked ${BRAND.game} group IDs`}
          hint="Members of these groups, at any rank, are caught."
          value={groups}
          error={problems.groups}
          disabled={save.saving}
          onChange={setGroups}
        />
        <IdListField
          label={`Required ${BRAND.game} group IDs (group lock)`}
          hint={`Only members of at least one of these groups may verify; at most ${MAX_REQUIRED_GROUPS}. Empty: no lock.`}
          value={required}
          error={problems.required}
          disabled={save.saving}
          onChange={setRequired}
        />
        <RadioGroup
          name="ban_evasion"
          legend={`A ${BRAND.game} account a banned member used here`}
          options={BAN_EVASION}
          value={banEvasion}
          onChange={setBanEvasion}
          disabled={save.saving}
        />
        <RadioGroup
          name="restriction_action"
          legend="What happens to a member who is caught"
          options={ACTIONS}
          value={action}
          onChange={setAction}
          disabled={save.saving}
          error={save.error}
        />
      </Fields>
    </ConfigSection>
  );
}
