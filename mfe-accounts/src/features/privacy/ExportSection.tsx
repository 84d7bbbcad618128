import { Button, privacyApi, saveFile, SectionCard } from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';

export const EXPORT_FAILED = 'Failed to download your data. Please try again.';

/** A JSON file of everything RoConnect holds about the member, saved by the browser. */
export function ExportSection() {
  const download = useApiMutation({
    call: async () => {
      const { blob, filename } = await privacyApi.exportData();
      saveFile(blob, filename);
    },
    success: 'Your data is downloading',
    failure: EXPORT_FAILED,
  });

  return (
    <SectionCard
      title="Download my data"
      intro="A JSON file with your profile, linked accounts, servers, privacy choices, lookups and sessions."
    >
      <Button variant="secondary" loading={download.isPending} onClick={() => void download.run()}>
        Download my data
      </Button>
    </SectionCard>
  );
}
