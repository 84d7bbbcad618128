import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Label,
  LoadingState,
  TextInput,
  api,
  apiErrorMessage,
  apiErrorStatus,
  visuallyHiddenStyles,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { AuditRow } from './AuditRow';
import { saveFile } from './saveFile';
import { useAuditLog } from './useAuditLog';

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(1)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;
const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
const Filter = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(4)};
  > :first-child {
    flex: 1 1 14rem;
  }
`;
const Scroll = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
const Table = styled.table`
  width: 100%;
  min-width: 40rem;
  border-collapse: collapse;
  font-size: 0.9375rem;
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th {
    font-weight: 600;
  }
  tbody tr:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;
const Caption = styled.caption`
  ${visuallyHiddenStyles}
`;
const FilterButtons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: 1.75rem;
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

const DISCORD_ID = /^\d{17,20}$/;

/** Who verified, with which account, what changed, and every setting change: newest first. */
export function AuditLogSection({ serverId }: { serverId: string }) {
  const headingId = useId();
  const filterId = useId();
  const [memberInput, setMemberInput] = useState('');
  const [member, setMember] = useState<string | null>(null);
  const [filterError, setFilterError] = useState<string>();
  const exportLog = useApiMutation({
    call: async (filter: string | null) => {
      const { blob, filename } = await api.server.auditExport(serverId, { member: filter });
      saveFile(blob, filename);
    },
    success: 'Audit log exported',
    // too many exports: the API says when to try again
    failure: (failure) =>
      apiErrorStatus(failure) === 429
        ? `Failed to export the audit log. ${apiErrorMessage(failure)}`
        : 'Failed to export the audit log',
  });
  const exporting = exportLog.isPending;
  const { state, loadMore, retry } = useAuditLog(serverId, member);
  const filterInput = useRef<HTMLInputElement>(null);
  const rows = useRef<HTMLTableSectionElement>(null);
  const loadMoreButton = useRef<HTMLButtonElement>(null);
  /** the index of the first entry "Load more" asked for, while it loads */
  const firstNew = useRef<number | null>(null);

  // Load more is disabled while it loads, so the browser took the focus away: give it to the
  // first entry loaded (where reading carries on), or back to the button when none came
  useEffect(() => {
    if (state.status !== 'ready') firstNew.current = null;
    if (state.status !== 'ready' || state.loadingMore || firstNew.current === null) return;
    const index = firstNew.current;
    firstNew.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return; // the user moved on
    const row = rows.current?.rows[index];
    if (row) row.focus();
    else loadMoreButton.current?.focus();
  }, [state]);

  function applyFilter() {
    const value = memberInput.trim();
    if (value && !DISCORD_ID.test(value)) {
      setFilterError("Enter the member's Discord user ID (17–20 digits).");
      return;
    }
    setFilterError(undefined);
    setMember(value || null);
  }

  async function exportCsv() {
    await exportLog.run(member);
  }

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Top>
        <h2 id={headingId}>Audit Log</h2>
        <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Top>
      <Intro>
        Every verification in this server and every change to its settings, newest first.
      </Intro>
      <Filter
        role="search"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilter();
        }}
      >
        <div>
          <Label htmlFor={filterId}>Filter by member (Discord user ID)</Label>
          <TextInput
            id={filterId}
            ref={filterInput}
            value={memberInput}
            inputMode="numeric"
            autoComplete="off"
            error={filterError}
            onChange={(event) => setMemberInput(event.target.value)}
          />
        </div>
        <FilterButtons>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {member && (
            <Button
              variant="ghost"
              onClick={() => {
                setMemberInput('');
                setMember(null);
                setFilterError(undefined);
                // this button goes with the filter: keep the keyboard in the (now empty) field
                filterInput.current?.focus();
              }}
            >
              Show everyone
            </Button>
          )}
        </FilterButtons>
      </Filter>
      {state.status === 'loading' && <LoadingState label="Loading the audit log..." />}
      {state.status === 'failed' && (
        <ErrorState
          title="Couldn't load the audit log"
          message="Try again in a moment."
          onRetry={retry}
        />
      )}
      {state.status === 'ready' && state.entries.length === 0 && (
        <EmptyState
          title={member ? 'Nothing for this member' : 'Nothing here yet'}
          description={
            member
              ? 'This member has not verified in this server.'
              : 'Verifications and setting changes will show up here.'
          }
        />
      )}
      {state.status === 'ready' && state.entries.length > 0 && (
        <>
          <Scroll tabIndex={0} role="region" aria-label="Audit log entries">
            <Table>
              <Caption>Audit log, newest first</Caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody ref={rows}>
                {state.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </Table>
          </Scroll>
          {state.moreFailed && (
            <Banner tone="error" title="Couldn't load more entries">
              Try again.
            </Banner>
          )}
          {state.nextBefore && (
            <More>
              <Button
                ref={loadMoreButton}
                variant="secondary"
                loading={state.loadingMore}
                onClick={() => {
                  firstNew.current = state.entries.length;
                  void loadMore();
                }}
              >
                Load more
              </Button>
            </More>
          )}
        </>
      )}
    </Card>
  );
}
