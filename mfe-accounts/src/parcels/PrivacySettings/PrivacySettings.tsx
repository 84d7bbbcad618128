import type { MouseEvent } from 'react';
import styled from 'styled-components';
import {
  LinkButton,
  PageContainer,
  Stack,
  dashboardPath,
  navigate,
  type PrivacySettingsProps,
} from '@roconnect/shared-lib';
import { ConsentSection } from '../../features/privacy/ConsentSection';
import { DeleteAccountSection } from '../../features/privacy/DeleteAccountSection';
import { ExportSection } from '../../features/privacy/ExportSection';
import { LookupsSection } from '../../features/privacy/LookupsSection';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: clamp(1.5rem, 4vw, 2rem);
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

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
      <Header>
        <div>
          <Title>Privacy & data</Title>
          <Subtitle>Your Roblox account, who sees it, and your data.</Subtitle>
        </div>
        <LinkButton href={dashboardPath('accounts')} variant="secondary" onClick={toDashboard}>
          Back to Dashboard
        </LinkButton>
      </Header>
      <Stack gap={6}>
        <ConsentSection />
        <LookupsSection />
        <ExportSection />
        <DeleteAccountSection />
      </Stack>
    </PageContainer>
  );
}
