import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
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
import { TextAreaField } from '../fields/TextAreaField';
import { parseIdList } from './idList';
import { FieldStack } from '../fields/FieldStack';

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

/** The three lists of ids, each saved as the API field it is named by. */
const ID_LISTS = [
  {
    key: 'blocked_roblox_user_ids',
    label: `Blocked ${BRAND.game} user IDs`,
    hint: 'One per line, or separated by commas.',
    what: `${BRAND.game} user`,
    max: MAX_BLOCKED_ROBLOX_USERS,
  },
  {
    key: 'blocked_group_ids',
    label: `Blocked ${BRAND.game} group IDs`,
    hint: 'Members of these groups, at any rank, are caught.',
    what: `${BRAND.game} group`,
    max: MAX_BLOCKED_GROUPS,
  },
  {
    key: 'required_group_ids',
    label: `Required ${BRAND.game} group IDs (group lock)`,
    hint: `Only members of at least one of these groups may verify; at most ${MAX_REQUIRED_GROUPS}. Empty: no lock.`,
    what: `${BRAND.game} group`,
    max: MAX_REQUIRED_GROUPS,
  },
] as const;

type IdListKey = (typeof ID_LISTS)[number]['key'];

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
  const [idLists, setIdLists] = useState(
    () =>
      Object.fromEntries(ID_LISTS.map(({ key }) => [key, saved[key].join('\n')])) as Record<
        IdListKey,
        string
      >,
  );
  const [banEvasion, setBanEvasion] = useState<BanEvasion>(saved.ban_evasion);
  const [action, setAction] = useState<Action>(saved.action);
  const [problems, setProblems] = useState<Partial<Record<IdListKey | 'age', string>>>({});
  const save = useSectionSave({
    call: (body: EditRestrictionsRequest) => api.server.editRestrictions(serverId, body),
    success: 'Restrictions saved',
    failure: 'Failed to save the restrictions',
    onSaved,
  });

  function submit() {
    const next: typeof problems = {};
    const ageText = age.trim();
    if (ageText && !(/^\d{1,4}$/.test(ageText) && Number(ageText) <= MAX_MIN_ACCOUNT_AGE_DAYS))
      next.age = `Enter a whole number of days from 0 to ${MAX_MIN_ACCOUNT_AGE_DAYS}, or leave it empty.`;
    const ids: Partial<Record<IdListKey, string[]>> = {};
    for (const { key, what, max } of ID_LISTS) {
      const parsed = parseIdList(idLists[key], what, max);
      if (parsed.ok) ids[key] = parsed.ids;
      else next[key] = parsed.error;
    }
    setProblems(next);
    if (Object.keys(next).length > 0) return;
    void save.run({
      min_account_age_days: ageText ? Number(ageText) : null,
      ...(ids as Record<IdListKey, string[]>),
      ban_evasion: banEvasion,
      action,
    });
  }

  return (
    <ConfigSection
      title="Restrictions"
      intro={`Members these rules catch get no roles. Every time one is caught, the audit log says so.`}
      saveLabel="Save Restrictions"
      saving={save.saving}
      onSave={submit}
    >
      <FieldStack>
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
        {ID_LISTS.map(({ key, label, hint }) => (
          <TextAreaField
            key={key}
            area={Area}
            spellCheck={false}
            label={label}
            hint={hint}
            value={idLists[key]}
            error={problems[key]}
            disabled={save.saving}
            onChange={(text) => setIdLists((lists) => ({ ...lists, [key]: text }))}
          />
        ))}
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
      </FieldStack>
    </ConfigSection>
  );
}
