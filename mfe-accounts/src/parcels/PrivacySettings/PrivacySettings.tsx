import type { MouseEvent } from 'react';
import {
  LinkButton,
  PageContainer,
  PageHeader,
  Stack,
  dashboardPath,
  navigate,
  type PrivacySettingsProps,
} from '@roconnect/shared-lib';
import { ConsentSection } from '../../features/privacy/ConsentSection';
import { DeleteAccountSection } from '../../features/privacy/DeleteAccountSection';
import { ExportSection } from '../../features/privacy/ExportSection';
import { LookupsSection } from '../../features/privacy/LookupsSection';

/** A plain click goes through the shell's router; the href keeps "open in new tab". */
function toDashboard(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate(dashboardPath('accounts'));
}

/**
 * /account/privacy: the member's say over their Roblox account (where it is shown, who looked),
 * a copy of their data and deleting their account. Each section loads and fails on its own.
 */
export function PrivacySettings(_props: PrivacySettingsProps) {
  return (
    <PageContainer>
      <PageHeader
        title="Privacy & data"
        subtitle="Your Roblox account, who sees it, and your data."
        action={
          <LinkButton href={dashboardPath('accounts')} variant="secondary" onClick={toDashboard}>
            Back to Dashboard
          </LinkButton>
        }
      />
      <Stack gap={6}>
        <ConsentSection />
        <LookupsSection />
        <ExportSection />
        <DeleteAccountSection />
      </Stack>
    </PageContainer>
  );
}
