import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Banner,
  MAX_GROUPS_PER_SERVER,
  MAX_ITEMS_PER_SERVER,
  Button,
  FieldError,
  apiErrorStatus,
  ErrorState,
  LoadingState,
  api,
  type BindGroup,
  type BindInput,
  type ItemBindKind,
  type ServerRole,
  ConfirmModal,
} from '@roconnect/shared-lib';
import { useApiMutation, useBindLookup, useServerBinds } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';
import { SectionFrame } from '../config-section/SectionFrame';
import { useFocusReturn } from '../focus/useFocusReturn';
import { AddGroupField, AddRow } from './AddGroupField';
import { BindRow } from './BindRow';
import { BindsPreview } from './BindsPreview';
import { ItemBindRow } from './ItemBindRow';
import {
  ITEM_KIND_WORDS,
  NO_DRAFTS,
  changesInWords,
  changesOf,
  describer,
  draftsFrom,
  emptyRow,
  newGroup,
  newItem,
  problemsOf,
  rebase,
  rowKeyOfRefusal,
  toRequest,
  withoutPointer,
  type DraftChanges,
  type Drafts,
  type GroupDraft,
  type ItemDraft,
  type RuleDraft,
} from './bindDrafts';
import { useDebounced } from './useDebounced';

/** how long the list must stay unchanged before its preview is asked */
export const PREVIEW_DELAY_MS = 600;
const ITEM_KINDS: ItemBindKind[] = ['badge', 'gamepass', 'asset'];

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
const SaveRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
    align-items: start;
    > :last-child {
      position: sticky;
      top: ${({ theme }) => theme.space(4)};
    }
  }
`;
const SubHeading = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.0625rem;
`;
const Pending = styled.div`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
  }
  ul {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    padding-left: ${({ theme }) => theme.space(5)};
    overflow-wrap: anywhere;
  }
`;
/** the changes listed one by one up to this many; past it, only counted */
const LISTED_CHANGES = 5;

/** What saving would change, before Save: each bind when few, else how many. */
function PendingChanges({ changes }: { changes: DraftChanges }) {
  const words = changesInWords(changes);
  const lines = [
    ...changes.added.map((c) => `Add ${c}`),
    ...changes.changed.map((c) => `Change to ${c}`),
    ...changes.removed.map((c) => `Remove ${c}`),
  ];
  return (
    <Pending aria-live="polite">
      {words && (
        <>
          <p>Saving {words}. Other binds stay as they are.</p>
          {lines.length <= LISTED_CHANGES && (
            <ul aria-label="Unsaved changes">
              {lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Pending>
  );
}

/** "1 added, 2 removed" for the toast after a save; null when nothing changed. */
function counted(c: DraftChanges): string | null {
  const parts = [
    c.added.length ? `${c.added.length} added` : null,
    c.changed.length ? `${c.changed.length} changed` : null,
    c.removed.length ? `${c.removed.length} removed` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/**
 * A group added in this edit: its name and ranks are looked up, so the rank pickers name them
 * before the first save; an id Roblox does not know is said under the heading.
 */
function GroupTitle({
  serverId,
  group,
  onFound,
}: {
  serverId: string;
  group: GroupDraft;
  onFound: (name: string, ranks: BindGroup['ranks']) => void;
}) {
  const needed = group.name === null || group.ranks.length === 0;
  const lookup = useBindLookup(serverId, 'group', needed ? group.groupId : null);
  const found = lookup.data;
  useEffect(() => {
    if (needed && found) onFound(found.name, found.ranks);
  }, [needed, found, onFound]);
  return (
    <>
      <h3>
        {group.name ?? `Group ${group.groupId}`} <small>(ID {group.groupId})</small>
      </h3>
      {needed && lookup.isError && (
        <FieldError>
          {apiErrorStatus(lookup.error) === 404
            ? `Roblox has no group with ID ${group.groupId}.`
            : "Couldn't read the group's ranks now: enter rank numbers."}
        </FieldError>
      )}
    </>
  );
}

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
  const read = useServerBinds(serverId);
  const [drafts, setDrafts] = useState<Drafts>(NO_DRAFTS);
  const { groups, items } = drafts;
  const setGroups = (change: (all: GroupDraft[]) => GroupDraft[]) =>
    setDrafts((d) => ({ ...d, groups: change(d.groups) }));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string>();

  // names for the sentences that say what a save changes
  const { data } = read;
  const describe = useMemo(() => {
    const roleNames = new Map([
      ...(data?.binds ?? []).map((b) => [b.role_id, b.role_name] as const),
      ...roles.map((r) => [r.id, r.name] as const),
    ]);
    return describer({
      group: (id) =>
        drafts.groups.find((g) => g.groupId === id)?.name ??
        data?.groups.find((g) => g.id === id)?.name ??
        `Group ${id}`,
      item: (kind, id) =>
        drafts.items.find((i) => i.kind === kind && i.itemId.trim() === id)?.name ??
        data?.items.find((i) => i.kind === kind && i.id === id)?.name ??
        null,
      role: (id) => roleNames.get(id) ?? `role ${id}`,
    });
  }, [data, roles, drafts.groups, drafts.items]);
  const changes = changesOf(drafts, describe);

  // The list sent is the owner's changes made to the server's list as it is now, so a bind saved
  // elsewhere meanwhile (Save Group, another tab) stays as it is there.
  const sent = useRef<Drafts>(NO_DRAFTS);
  const saveBinds = useApiMutation({
    call: async (local: Drafts) => {
      sent.current = local;
      sent.current = rebase(local, await api.server.binds(serverId));
      return api.server.putBinds(serverId, { binds: toRequest(sent.current) });
    },
    success: (_saved, local) => {
      const what = counted(changesOf(local, describe));
      return what ? `Binds saved: ${what}` : 'Binds saved';
    },
    failure: 'Failed to save binds',
  });
  const saving = saveBinds.isPending;
  const [confirmRemovals, setConfirmRemovals] = useState(false);
  // the fields are disabled while saving and the rows replaced after: the keyboard goes back to
  // where it was, or to Save Binds
  const saveButton = useRef<HTMLButtonElement>(null);
  const rememberFocus = useFocusReturn(saving, saveButton);

  // Each read of the binds (after a save here or elsewhere on the page) swaps them in quietly, as
  // it renders: the form, and the keyboard focus in it, stays; a failed read again keeps what the
  // form shows.
  // The owner's unsaved changes stay, made to the new reading (rebase).
  const [drafted, setDrafted] = useState<{ serverId: string; readAt: number } | null>(null);
  const { dataUpdatedAt } = read;
  if (data && (drafted?.serverId !== serverId || drafted.readAt !== dataUpdatedAt)) {
    const sameServer = drafted?.serverId === serverId;
    setDrafted({ serverId, readAt: dataUpdatedAt });
    setDrafts((d) => (sameServer ? rebase(d, data) : draftsFrom(data)));
    setErrors({});
  }
  // the preview follows the list once it can be sent and the owner paused
  const ready = Object.keys(problemsOf(drafts)).length === 0;
  const requestText = ready ? JSON.stringify(toRequest(drafts)) : null;
  const settledText = useDebounced(requestText, PREVIEW_DELAY_MS);
  const sendable = requestText !== null;
  const previewBinds = useMemo(
    // a list that cannot be sent says so at once; a sendable one waits for the pause
    () => (sendable && settledText !== null ? (JSON.parse(settledText) as BindInput[]) : null),
    [sendable, settledText],
  );
  const foundGroup = useMemo(
    () => (groupKey: number) => (name: string, ranks: BindGroup['ranks']) =>
      setDrafts((d) => ({
        ...d,
        groups: d.groups.map((g) =>
          g.key === groupKey
            ? {
                ...g,
                name,
                ranks,
                // a new group's first range spans its ranks, as a saved group's would
                rows: g.rows.map((row) =>
                  g.ranks.length === 0 && g.rows.length === 1 && !row.role
                    ? { ...emptyRow(ranks), key: row.key }
                    : row,
                ),
              }
            : g,
        ),
      })),
    [],
  );
  const load: Load =
    drafted?.serverId === serverId
      ? { status: 'ready' }
      : { status: read.isError && !read.isFetching ? 'failed' : 'loading' };

  const update = (groupKey: number, change: (group: GroupDraft) => GroupDraft) =>
    setGroups((all) => all.map((g) => (g.key === groupKey ? change(g) : g)));
  /** A saved bind taken out is remembered, so the save takes out that one and no other. */
  const removedOf = (rows: RuleDraft[]) =>
    rows.flatMap((r) => (r.origin ? [{ origin: r.origin, label: describe.origin(r.origin) }] : []));
  const removeRow = (groupKey: number, rowKey: number) =>
    setDrafts((d) => {
      const group = d.groups.find((g) => g.key === groupKey);
      const row = group?.rows.find((r) => r.key === rowKey);
      return {
        ...d,
        groups: d.groups.map((g) =>
          g.key === groupKey ? { ...g, rows: g.rows.filter((r) => r.key !== rowKey) } : g,
        ),
        removed: [...d.removed, ...removedOf(row ? [row] : [])],
      };
    });
  const removeGroup = (groupKey: number) =>
    setDrafts((d) => ({
      ...d,
      groups: d.groups.filter((g) => g.key !== groupKey),
      removed: [...d.removed, ...removedOf(d.groups.find((g) => g.key === groupKey)?.rows ?? [])],
    }));
  const removeItem = (itemKey: number) =>
    setDrafts((d) => ({
      ...d,
      items: d.items.filter((i) => i.key !== itemKey),
      removed: [...d.removed, ...removedOf(d.items.filter((i) => i.key === itemKey))],
    }));
  const setItems = (change: (all: ItemDraft[]) => ItemDraft[]) =>
    setDrafts((d) => ({ ...d, items: change(d.items) }));

  /** Adds a group the owner typed, or says why not (AddGroupField shows it). */
  function addGroup(id: string): string | undefined {
    if (groups.some((g) => g.groupId === id))
      return 'That group is already in the list: add a rank range to it instead.';
    if (groups.length >= MAX_GROUPS_PER_SERVER)
      return `A server can bind at most ${MAX_GROUPS_PER_SERVER} ${BRAND.game} groups. Remove one to add another.`;
    setGroups((all) => [...all, newGroup(id)]);
    return undefined;
  }

  async function save(next: Drafts) {
    const problems = problemsOf(next);
    setErrors(problems);
    setFormError(undefined);
    if (Object.keys(problems).length) {
      setFormError('Some binds need fixing before they can be saved.');
      return false;
    }
    // the API refuses more (400 too_many_items): say so before asking it
    const itemCount = new Set(next.items.map((i) => `${i.kind}:${i.itemId.trim()}`)).size;
    if (itemCount > MAX_ITEMS_PER_SERVER) {
      setFormError(
        `A server can bind at most ${MAX_ITEMS_PER_SERVER} badges, game passes and catalog items; this list has ${itemCount}. Remove ${itemCount - MAX_ITEMS_PER_SERVER} and save again.`,
      );
      return false;
    }
    const outcome = await saveBinds.run(next);
    if (outcome.ok) {
      setDrafts(draftsFrom(outcome.data));
      onSaved();
      return true;
    }
    const message = refusalMessage(outcome.error);
    const rowKey = rowKeyOfRefusal(sent.current, message);
    if (rowKey !== null && message) setErrors({ [rowKey]: withoutPointer(message) });
    else setFormError(message ?? 'The binds were not saved. Check your connection and try again.');
    return false;
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
          // taking out several binds at once is said first, with how many
          if (changes.removed.length > 1) {
            setConfirmRemovals(true);
            return;
          }
          rememberFocus();
          void save(drafts);
        }}
      >
        {groups.length === 0 && items.length === 0 && (
          <Banner tone="info" title="No binds yet">
            Add a {BRAND.game} group to give roles by rank, or a badge, game pass or catalog item.
          </Banner>
        )}
        {groups.map((group) => (
          <GroupBlock key={group.key} aria-label={group.name ?? `Group ${group.groupId}`}>
            <GroupTitle serverId={serverId} group={group} onFound={foundGroup(group.key)} />
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
                onRemove={() => removeRow(group.key, row.key)}
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
              <Button variant="ghost" disabled={saving} onClick={() => removeGroup(group.key)}>
                Remove this group
              </Button>
            </Buttons>
          </GroupBlock>
        ))}
        <AddGroupField serverId={serverId} disabled={saving} onAdd={addGroup} />
        <SubHeading>Badges, game passes and catalog items</SubHeading>
        {items.map((item) => (
          <div key={item.key} style={{ marginBottom: 12 }}>
            <ItemBindRow
              serverId={serverId}
              index={items.filter((i) => i.kind === item.kind).indexOf(item)}
              item={item}
              roles={roles}
              error={errors[item.key]}
              disabled={saving}
              onChange={(changed) =>
                setItems((all) => all.map((i) => (i.key === changed.key ? changed : i)))
              }
              onRemove={() => removeItem(item.key)}
            />
          </div>
        ))}
        <AddRow>
          {ITEM_KINDS.map((kind) => (
            <Button
              key={kind}
              variant="secondary"
              disabled={saving}
              onClick={() => setItems((all) => [...all, newItem(kind)])}
            >
              Add a {ITEM_KIND_WORDS[kind].one} bind
            </Button>
          ))}
        </AddRow>
        {formError && (
          <Banner tone="error" title="Binds not saved">
            {formError}
          </Banner>
        )}
        <PendingChanges changes={changes} />
        <SaveRow>
          <Button ref={saveButton} type="submit" loading={saving}>
            {saving ? 'Saving...' : 'Save Binds'}
          </Button>
        </SaveRow>
      </form>
    );
  };

  return (
    <SectionFrame
      title="Role Binds"
      headingId={headingId}
      intro={
        <>
          Give a role to members by {BRAND.game} group rank, badge, game pass or catalog item.
          Verification adds the roles a member qualifies for and removes bound roles they no longer
          qualify for. The preview shows what saving would change.
        </>
      }
    >
      <Layout>
        {body()}
        {load.status === 'ready' && <BindsPreview serverId={serverId} binds={previewBinds} />}
      </Layout>
      <ConfirmModal
        open={confirmRemovals}
        title={`Remove ${changes.removed.length} binds?`}
        onCancel={() => setConfirmRemovals(false)}
        confirmLabel={`Save and remove ${changes.removed.length} binds`}
        confirmVariant="danger"
        loading={saving}
        onConfirm={() =>
          void save(drafts).then((saved) => {
            if (saved) setConfirmRemovals(false);
          })
        }
      >
        <p>Saving takes out these binds; other binds stay as they are.</p>
        <ul>
          {changes.removed.map((label, i) => (
            <li key={i}>{label}</li>
          ))}
        </ul>
        <p>Roles members already have stay until you remove them in Discord.</p>
      </ConfirmModal>
    </SectionFrame>
  );
}
