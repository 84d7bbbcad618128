import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Banner,
  MAX_GROUPS_PER_SERVER,
  Button,
  Card,
  ErrorState,
  Label,
  LoadingState,
  Modal,
  TextInput,
  api,
  parseRobloxGroupInput,
  toast,
  type ServerRole,
} from '@roconnect/shared-lib';
import { useServerBinds } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { useFocusReturn } from '../focus/useFocusReturn';
import { BindRow } from './BindRow';
import {
  draftsFrom,
  emptyRow,
  newGroup,
  rowKeyOfRefusal,
  rowProblem,
  toRequest,
  withoutPointer,
  type GroupDraft,
} from './bindDrafts';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;
const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const GroupBlock = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding-bottom: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 1.0625rem;
    overflow-wrap: anywhere;
  }
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: space-between;
`;
const AddGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(4)};
  > :first-child {
    flex: 1 1 14rem;
  }
`;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready' };

export interface BindsSectionProps {
  serverId: string;
  /** roles the bot can give (the pickers' choices) */
  roles: ServerRole[];
  onSaved: () => void;
}

/**
 * Roblox group rank ranges → Discord roles, several groups per server. The binds come from the
 * page's query cache: another section's change (a new group) reads them again.
 */
export function BindsSection({ serverId, roles, onSaved }: BindsSectionProps) {
  const headingId = useId();
  const groupInputId = useId();
  const read = useServerBinds(serverId);
  const [groups, setGroups] = useState<GroupDraft[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string>();
  const [groupInput, setGroupInput] = useState('');
  const [groupInputError, setGroupInputError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [confirmRemoveAll, setConfirmRemoveAll] = useState(false);
  // the fields are disabled while saving and the rows replaced after: the keyboard goes back to
  // where it was, or to Save Binds
  const saveButton = useRef<HTMLButtonElement>(null);
  const rememberFocus = useFocusReturn(saving, saveButton);

  // Each read of the binds (after a save here or elsewhere on the page) swaps them in quietly, as
  // it renders: the form, and the keyboard focus in it, stays; a failed read again keeps what the
  // form shows.
  const [drafted, setDrafted] = useState<{ serverId: string; readAt: number } | null>(null);
  const { data, dataUpdatedAt } = read;
  if (data && (drafted?.serverId !== serverId || drafted.readAt !== dataUpdatedAt)) {
    setDrafted({ serverId, readAt: dataUpdatedAt });
    setGroups(draftsFrom(data));
    setErrors({});
  }
  const load: Load =
    drafted?.serverId === serverId
      ? { status: 'ready' }
      : { status: read.isError && !read.isFetching ? 'failed' : 'loading' };

  const update = (groupKey: number, change: (group: GroupDraft) => GroupDraft) =>
    setGroups((all) => all.map((g) => (g.key === groupKey ? change(g) : g)));

  function addGroup() {
    // read as the API reads it (docs/product.md › Group input); the editor's own sentence for a
    // field that is empty or no link at all, the parser's for the rest
    const parsed = parseRobloxGroupInput(groupInput);
    if (!parsed.ok) {
      setGroupInputError(
        parsed.problem === 'empty' || parsed.problem === 'unreadable'
          ? `Enter a ${BRAND.game} group ID (a number) or its URL.`
          : parsed.error,
      );
      return;
    }
    const id = parsed.groupId;
    if (groups.some((g) => g.groupId === id)) {
      setGroupInputError('That group is already in the list: add a rank range to it instead.');
      return;
    }
    if (groups.length >= MAX_GROUPS_PER_SERVER) {
      setGroupInputError(
        `A server can bind at most ${MAX_GROUPS_PER_SERVER} ${BRAND.game} groups. Remove one to add another.`,
      );
      return;
    }
    setGroupInputError(undefined);
    setGroupInput('');
    setGroups((all) => [...all, newGroup(id)]);
  }

  async function save(next: GroupDraft[]) {
    const problems: Record<number, string> = {};
    for (const row of next.flatMap((g) => g.rows)) {
      const problem = rowProblem(row);
      if (problem) problems[row.key] = problem;
    }
    setErrors(problems);
    setFormError(undefined);
    if (Object.keys(problems).length) {
      setFormError('Some rank ranges need fixing before they can be saved.');
      return false;
    }
    setSaving(true);
    try {
      const data = await api.server.putBinds(serverId, { binds: toRequest(next) });
      setGroups(draftsFrom(data));
      toast.success(next.length ? 'Binds saved' : 'Group integration removed');
      onSaved();
      return true;
    } catch (failure) {
      toast.error('Failed to save binds');
      const message = refusalMessage(failure);
      const rowKey = rowKeyOfRefusal(next, message);
      if (rowKey !== null && message) setErrors({ [rowKey]: withoutPointer(message) });
      else
        setFormError(message ?? 'The binds were not saved. Check your connection and try again.');
      return false;
    } finally {
      setSaving(false);
    }
  }

  const body = () => {
    if (load.status === 'loading') return <LoadingState label="Loading binds..." />;
    if (load.status === 'failed')
      return (
        <ErrorState
          title="Couldn't load the binds"
          message="Try again in a moment."
          onRetry={() => void read.refetch()}
        />
      );
    return (
      <form
        aria-labelledby={headingId}
        aria-busy={saving || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          if (saving) return;
          rememberFocus();
          void save(groups);
        }}
      >
        {groups.length === 0 && (
          <Banner tone="info" title="No binds yet">
            Add a {BRAND.game} group to give roles by rank.
          </Banner>
        )}
        {groups.map((group) => (
          <GroupBlock key={group.key} aria-label={group.name ?? `Group ${group.groupId}`}>
            <h3>
              {group.name ?? `Group ${group.groupId}`} <small>(ID {group.groupId})</small>
            </h3>
            {group.rows.map((row, index) => (
              <BindRow
                key={row.key}
                index={index}
                row={row}
                ranks={group.ranks}
                roles={roles}
                error={errors[row.key]}
                disabled={saving}
                onChange={(changed) =>
                  update(group.key, (g) => ({
                    ...g,
                    rows: g.rows.map((r) => (r.key === changed.key ? changed : r)),
                  }))
                }
                onRemove={() =>
                  update(group.key, (g) => ({
                    ...g,
                    rows: g.rows.filter((r) => r.key !== row.key),
                  }))
                }
              />
            ))}
            <Buttons>
              <Button
                variant="secondary"
                disabled={saving}
                onClick={() =>
                  update(group.key, (g) => ({ ...g, rows: [...g.rows, emptyRow(g.ranks)] }))
                }
              >
                Add a rank range
              </Button>
              <Button
                variant="ghost"
                disabled={saving}
                onClick={() => setGroups((all) => all.filter((g) => g.key !== group.key))}
              >
                Remove this group
              </Button>
            </Buttons>
          </GroupBlock>
        ))}
        <Label htmlFor={groupInputId}>Add another {BRAND.game} group</Label>
        <AddGroup>
          <TextInput
            id={groupInputId}
            value={groupInput}
            placeholder="Group ID or URL"
            autoComplete="off"
            disabled={saving}
            error={groupInputError}
            onChange={(event) => setGroupInput(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addGroup();
              }
            }}
          />
          <Button variant="secondary" disabled={saving} onClick={addGroup}>
            Add group
          </Button>
        </AddGroup>
        {formError && (
          <Banner tone="error" title="Binds not saved">
            {formError}
          </Banner>
        )}
        <Buttons>
          <Button
            variant="danger"
            disabled={saving || load.status !== 'ready'}
            onClick={() => setConfirmRemoveAll(true)}
          >
            Remove group integration
          </Button>
          <Button ref={saveButton} type="submit" loading={saving}>
            {saving ? 'Saving...' : 'Save Binds'}
          </Button>
        </Buttons>
      </form>
    );
  };

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>Role Binds</Heading>
      <Intro>
        Give a role to members whose {BRAND.game} group rank is in a range. Verification adds the
        roles a member qualifies for and removes bound roles they no longer qualify for.
      </Intro>
      {body()}
      <Modal
        open={confirmRemoveAll}
        title="Remove the group integration?"
        onClose={() => setConfirmRemoveAll(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmRemoveAll(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={saving}
              onClick={() =>
                void save([]).then((saved) => {
                  if (saved) setConfirmRemoveAll(false);
                })
              }
            >
              Remove all binds
            </Button>
          </>
        }
      >
        <p>
          Every bind is deleted and verification stops giving group roles. Roles members already
          have stay until you remove them in Discord.
        </p>
      </Modal>
    </Card>
  );
}
