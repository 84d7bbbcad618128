import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Button,
  Label,
  TextInput,
  api,
  apiCalls,
  type BindsData,
  type EditGroupRequest,
  type GroupSummary,
  ConfirmModal,
} from '@roconnect/shared-lib';
import { parseRobloxGroupInput } from '@roconnect/shared-lib/contract';
import { useApiMutation, useServerBinds } from '@roconnect/shared-lib/query';
import { GroupInputHint } from '../../features/group/GroupInputHint';
import { readGroupField } from '../../features/group/readGroupField';
import { useGroupInputName } from '../../features/binds/useGroupInputName';
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
const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;
const Remove = styled.div`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const rankBinds = (n: number) => `${n} rank bind${n === 1 ? '' : 's'}`;

/** How many of the server's binds are this group's rank binds, and how many are not. */
function countOf(data: BindsData | undefined, groupId: string | null) {
  const all = data?.binds ?? [];
  const mine = all.filter((b) => b.kind === 'group' && b.group_id === groupId).length;
  return { mine, others: all.length - mine };
}

/** What Save Group will change, said before it is pressed. */
function SaveNote({
  serverId,
  input,
  binds,
  linked,
}: {
  serverId: string;
  input: string;
  binds: BindsData | undefined;
  linked: GroupSummary | null;
}) {
  const parsed = parseRobloxGroupInput(input);
  const id = parsed.ok ? parsed.groupId : null;
  const known =
    (linked?.id === id ? linked.name : undefined) ?? binds?.groups.find((g) => g.id === id)?.name;
  // a group the server has not bound is looked up by its id (a name the page does not have)
  const typedName = useGroupInputName(serverId, known === undefined ? input : '');
  if (id === null || !binds) return null;
  const name = known ?? typedName.name ?? `group ${id}`;
  const { mine } = countOf(binds, id);
  return (
    <Note aria-live="polite">
      {mine > 0
        ? `Replaces the ${rankBinds(mine)} of ${name}; other binds stay.`
        : `Adds a rank bind for each rank of ${name}; other binds stay.`}
    </Note>
  );
}

export interface GroupSectionProps {
  serverId: string;
  savedGroupId: string;
  group: GroupSummary | null;
  onSaved: () => void;
}

/**
 * The server's Roblox group: Save Group replaces that group's rank binds with one per rank (and
 * its roles), and removing the integration takes out that group's binds only; every other bind
 * stays (docs/product.md › Server configuration).
 */
export function GroupSection({ serverId, savedGroupId, group, onSaved }: GroupSectionProps) {
  const inputId = useId();
  const [input, setInput] = useState(savedGroupId);
  const binds = useServerBinds(serverId);
  const save = useSectionSave({
    call: (body: EditGroupRequest) => api.server.editGroup(serverId, body),
    success: 'Group configuration updated successfully!',
    failure: 'Failed to update group configuration',
    onSaved,
  });
  const remove = useApiMutation({
    call: () => apiCalls.server.removeGroup({ params: { id: serverId } }),
    success: 'Group integration removed',
    failure: 'Failed to remove the group integration',
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  const ranks = group?.ranks.filter((rank) => rank.rank > 0) ?? [];
  const linked = countOf(binds.data, group?.id ?? null);
  const busy = save.saving || remove.isPending;

  function submit() {
    const field = readGroupField(input, EMPTY_GROUP_EDIT_MESSAGE);
    if ('error' in field) {
      save.setError(field.error);
      return;
    }
    void save.run(field.body);
  }

  async function removeGroup() {
    const outcome = await remove.run();
    if (!outcome.ok) return;
    setConfirmRemove(false);
    setInput(outcome.data.server_config.group_id ?? '');
    onSaved();
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
        readOnly={busy}
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
      <SaveNote serverId={serverId} input={input} binds={binds.data} linked={group} />
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
          <Remove>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy || !binds.data}
              onClick={() => setConfirmRemove(true)}
            >
              Remove group integration
            </Button>
          </Remove>
        </Linked>
      )}
      <ConfirmModal
        open={confirmRemove && group !== null}
        title="Remove the group integration?"
        onCancel={() => setConfirmRemove(false)}
        confirmLabel={`Remove ${rankBinds(linked.mine)}`}
        confirmVariant="danger"
        loading={remove.isPending}
        onConfirm={() => void removeGroup()}
      >
        <p>
          Removes the {rankBinds(linked.mine)} of {group?.name}.
          {linked.others === 1 && ' Your other bind stays.'}
          {linked.others > 1 && ` Your other ${linked.others} binds stay.`}
        </p>
        <p>Roles members already have stay until you remove them in Discord.</p>
      </ConfirmModal>
    </ConfigSection>
  );
}
