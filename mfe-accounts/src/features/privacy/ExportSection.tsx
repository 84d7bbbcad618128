import { useState } from 'react';
import { Button, privacyApi, toast, SectionCard } from '@roconnect/shared-lib';
import { saveFile } from './saveFile';

export const EXPORT_FAILED = 'Failed to download your data. Please try again.';

/** A JSON file of everything RoConnect holds about the member, saved by the browser. */
export function ExportSection() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { blob, filename } = await privacyApi.exportData();
      saveFile(blob, filename);
      toast.success('Your data is downloading');
    } catch {
      toast.error(EXPORT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard
      title="Download my data"
      intro="A JSON file with your profile, linked accounts, servers, privacy choices, lookups and sessions."
    >
      <Button variant="secondary" loading={busy} onClick={() => void download()}>
        Download my data
      </Button>
    </SectionCard>
  );
}
