import { useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import {
  Banner,
  BRAND,
  Button,
  Label,
  apiCalls,
  apiErrorMessage,
  saveFile,
  visuallyHiddenStyles,
  type ConfigBackup,
  type ConfigImportResult,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { SectionFrame } from '../config-section/SectionFrame';
import { WrapRow } from '../fields/WrapRow';

const List = styled.ul`
  margin: ${({ theme }) => theme.space(1)} 0 ${({ theme }) => theme.space(3)};
  padding-left: 1.25rem;
  overflow-wrap: anywhere;
`;

/**
 * The native file input, kept for its label and the browser's file chooser but not shown: its
 * own "No file chosen" text sits outside every landmark to axe; the button beside opens it.
 */
const FileInput = styled.input`
  ${visuallyHiddenStyles}
`;

const { configBackup } = apiCalls;

/** The file's text (FileReader: every browser, and the tests' jsdom, which lacks Blob.text). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });

/**
 * Backup and import (docs/product.md › Backup and import): download the whole configuration as a
 * file; upload one, read what it would change and what this server lacks, then confirm.
 */
export function BackupSection({ serverId, onSaved }: { serverId: string; onSaved: () => void }) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; backup: ConfigBackup } | null>(null);
  const [plan, setPlan] = useState<ConfigImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);

  const download = useApiMutation({
    call: () => configBackup.export({ params: { id: serverId } }),
    failure: 'Failed to download the backup',
  });
  const importFile = useApiMutation({
    call: ({ backup, dryRun }: { backup: ConfigBackup; dryRun: boolean }) =>
      configBackup.import({ params: { id: serverId }, query: { dry_run: dryRun }, body: backup }),
  });

  async function onDownload() {
    const done = await download.run();
    if (!done.ok) return;
    const text = `${JSON.stringify(done.data, null, 2)}\n`;
    saveFile(new Blob([text], { type: 'application/json' }), `roconnect-${serverId}.json`);
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setPlan(null);
    setProblem(null);
    setFile(null);
    setImported(null);
    if (!chosen) return;
    let text: string;
    try {
      text = await readText(chosen);
      // the same file chosen again (after a fix, or a cancel) is read again
      event.target.value = '';
    } catch {
      setProblem(`${chosen.name} could not be read. Choose the file again.`);
      return;
    }
    let backup: ConfigBackup;
    try {
      backup = JSON.parse(text) as ConfigBackup;
    } catch {
      setProblem(`${chosen.name} is not a ${BRAND.product} backup: it is not JSON.`);
      return;
    }
    const dry = await importFile.run({ backup, dryRun: true });
    if (!dry.ok) {
      setProblem(apiErrorMessage(dry.error, 'Could not read the backup.'));
      return;
    }
    setFile({ name: chosen.name, backup });
    setPlan(dry.data);
  }

  async function onConfirm() {
    if (!file) return;
    const done = await importFile.run({ backup: file.backup, dryRun: false });
    if (!done.ok) {
      setProblem(apiErrorMessage(done.error, 'The import failed. Nothing was changed.'));
      return;
    }
    setPlan(null);
    setFile(null);
    setProblem(null);
    setImported(`${file.name} is imported. The audit log lists what changed.`);
    onSaved();
  }

  const unmatched = plan ? [...plan.unmatched_roles, ...plan.unmatched_channels] : [];
  return (
    <SectionFrame
      title="Backup and import"
      intro={
        <>
          Download this server’s whole configuration as a file, or import one from this server or
          another. Roles and channels are matched by id, then by name. No API keys or secrets are in
          the file.
        </>
      }
    >
      <Button variant="secondary" onClick={() => void onDownload()} loading={download.isPending}>
        Download Backup
      </Button>
      <WrapRow $align="end" $gap={3} $top={3}>
        <div>
          <Label htmlFor={fileId}>Import a backup file</Label>
          <FileInput
            ref={fileInput}
            id={fileId}
            type="file"
            tabIndex={-1}
            accept="application/json,.json"
            disabled={importFile.isPending}
            onChange={(event) => void onFile(event)}
          />
          <Button
            variant="secondary"
            onClick={() => fileInput.current?.click()}
            loading={importFile.isPending}
          >
            Choose Backup File
          </Button>
        </div>
      </WrapRow>
      {problem && (
        <Banner tone="error" title="Backup not imported" style={{ marginTop: 16 }}>
          {problem}
        </Banner>
      )}
      {imported && (
        <Banner tone="success" title="Configuration imported" style={{ marginTop: 16 }}>
          {imported}
        </Banner>
      )}
      {plan && file && (
        <div style={{ marginTop: 16 }} aria-live="polite">
          <Banner
            tone={unmatched.length ? 'warning' : 'info'}
            title={`What ${file.name} would change`}
          >
            {plan.changes.length === 0 ? (
              <p style={{ margin: 0 }}>Nothing: this server is already configured this way.</p>
            ) : (
              <List aria-label="Changes">
                {plan.changes.map((c) => (
                  <li key={c.field}>
                    {c.field}: {c.before} → {c.after}
                  </li>
                ))}
              </List>
            )}
            {unmatched.length > 0 && (
              <>
                <p style={{ margin: 0 }}>Not found in this server, so left out:</p>
                <List aria-label="Not found in this server">
                  {unmatched.map((u) => (
                    <li key={`${u.field}-${u.id}`}>
                      {u.name || u.id} ({u.field})
                    </li>
                  ))}
                </List>
              </>
            )}
          </Banner>
          <WrapRow $align="end" $gap={3} $top={3}>
            <Button
              variant="secondary"
              onClick={() => {
                setPlan(null);
                setFile(null);
              }}
            >
              Cancel
            </Button>
            <Button
              onClick={() => void onConfirm()}
              loading={importFile.isPending}
              disabled={plan.changes.length === 0}
            >
              Import Configuration
            </Button>
          </WrapRow>
        </div>
      )}
    </SectionFrame>
  );
}
