import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  EmptyState,
  ErrorState,
  LoadingState,
  api,
  apiErrorMessage,
  saveFile,
  apiErrorStatus,
  visuallyHiddenStyles,
  type AuditFilter,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { SectionFrame } from '../config-section/SectionFrame';
import { AuditFilters } from './AuditFilters';
import { AuditRow } from './AuditRow';
import { useAuditLog } from './useAuditLog';
import { DataTable } from '../fields/DataTable';

const AUDIT_COLUMNS = ['When', 'Who', 'What', 'Details'];

/**
 * A table at desktop widths; on phones each entry is a card (when and who on one line, then what
 * and its details), so nothing needs a sideways scroll. The explicit roles keep it a table for
 * screen readers when the layout changes.
 */
const Table = styled(DataTable)`
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    text-align: left;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  th {
    font-weight: 600;
  }
  tbody tr:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
  @media (max-width: 40rem) {
    thead {
      ${visuallyHiddenStyles}
    }
    tbody,
    tr,
    td {
      display: block;
    }
    tr {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr);
      column-gap: ${({ theme }) => theme.space(2)};
      padding: ${({ theme }) => theme.space(3)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    td {
      padding: ${({ theme }) => theme.space(0.5)} 0;
      border: 0;
    }
    td.when {
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td.what,
    td.details {
      grid-column: 1 / -1;
    }
    td.what {
      font-weight: 600;
    }
  }
`;
const Caption = styled.caption`
  ${visuallyHiddenStyles}
`;
const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** Who verified, with which account, what changed, and every setting change: newest first. */
export function AuditLogSection({ serverId }: { serverId: string }) {
  const [filter, setFilter] = useState<AuditFilter | null>(null);
  const exportLog = useApiMutation({
    call: async (shown: AuditFilter | null) => {
      const { blob, filename } = await api.server.auditExport(serverId, shown ?? {});
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
  const { state, loadMore, retry } = useAuditLog(serverId, filter);
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

  async function exportCsv() {
    await exportLog.run(filter);
  }

  return (
    <SectionFrame
      title="Audit Log"
      intro="Every verification in this server and every change to its settings, newest first."
      action={
        <Button variant="secondary" size="sm" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <AuditFilters filtered={filter !== null} onApply={setFilter} />
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
          title={filter ? 'Nothing matches these filters' : 'Nothing here yet'}
          description={
            filter
              ? 'Try another name, action or dates, or clear the filters.'
              : 'Verifications and setting changes will show up here.'
          }
        />
      )}
      {state.status === 'ready' && state.entries.length > 0 && (
        <>
          <Table role="table">
            <Caption>Audit log, newest first</Caption>
            <thead role="rowgroup">
              <tr role="row">
                {AUDIT_COLUMNS.map((column) => (
                  <th key={column} scope="col" role="columnheader">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" ref={rows}>
              {state.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </Table>
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
    </SectionFrame>
  );
}
