import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Label,
  TextInput,
  api,
  type EditGroupRequest,
  type GroupSummary,
} from '@roconnect/shared-lib';
import { GroupInputHint } from '../../features/group/GroupInputHint';
import { readGroupField } from '../../features/group/readGroupField';
import { ConfigSection } from '../../features/config-section/ConfigSection';
import { useSectionSave } from '../../features/config-section/useSectionSave';

export const EMPTY_GROUP_EDIT_MESSAGE = 'Enter a Roblox group ID or URL.';

const Linked = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
  font-size: 0.9375rem;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface GroupSectionProps {
  serverId: string;
  savedGroupId: string;
  group: GroupSummary | null;
  onSaved: () => void;
}

export function GroupSection({ serverId, savedGroupId, group, onSaved }: GroupSectionProps) {
  const inputId = useId();
  const [input, setInput] = useState(savedGroupId);
  const save = useSectionSave({
    call: (body: EditGroupRequest) => api.server.editGroup(serverId, body),
    success: 'Group configuration updated successfully!',
    failure: 'Failed to update group configuration',
  });
  const ranks = group?.ranks.filter((rank) => rank.rank > 0) ?? [];

  function submit() {
    const field = readGroupField(input, EMPTY_GROUP_EDIT_MESSAGE);
    if ('error' in field) {
      save.setError(field.error);
      return;
    }
    void save.run(field.body).then((saved) => saved && onSaved());
  }

  return (
    <ConfigSection
      title="Group Integration"
      intro={`Members get a role for their rank in this ${BRAND.game} group.`}
      saveLabel="Save Group"
      saving={save.saving}
      onSave={submit}
    >
      <Label htmlFor={inputId}>{BRAND.game} group ID or URL</Label>
      <TextInput
        id={inputId}
        name="group"
        value={input}
        autoComplete="off"
        inputMode="url"
        readOnly={save.saving}
        onChange={(event) => setInput(event.target.value)}
        hint={
          save.saving ? (
            'Linking the group and creating its roles. This can take up to two minutes...'
          ) : (
            <GroupInputHint />
          )
        }
        error={save.error}
      />
      {group && (
        <Linked>
          <h3>Linked group: {group.name}</h3>
          {ranks.length > 0 && (
            <ul aria-label="Ranks with a role">
              {ranks.map((rank) => (
                <li key={rank.rank}>
                  {rank.name} (rank {rank.rank}){rank.discord_role_id ? '' : ': no role yet'}
                </li>
              ))}
            </ul>
          )}
        </Linked>
      )}
    </ConfigSection>
  );
}
