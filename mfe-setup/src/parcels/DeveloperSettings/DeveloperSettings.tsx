import styled from 'styled-components';
import {
  DEFAULT_SERVER_NAME,
  ErrorState,
  PageContainer,
  Stack,
  apiErrorStatus,
  dashboardPath,
  type DeveloperSettingsProps,
} from '@roconnect/shared-lib';
import { loadPhase, useServerConfig } from '@roconnect/shared-lib/query';
import { ApiKeysSection } from '../../features/developers/ApiKeysSection';
import { WebhookSection } from '../../features/developers/WebhookSection';
import { PageLink } from '../../features/pages/PageLink';
import { serverPagePath } from '../../features/pages/pagePaths';

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
  overflow-wrap: anywhere;
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * /server/edit/{serverId}/developers: the server's developer API keys and outbound webhook. Each
 * section loads and fails on its own; the title waits for nothing (the name fills in). A server
 * the caller may not manage shows only that.
 */
export function DeveloperSettings({ serverId }: DeveloperSettingsProps) {
  const config = useServerConfig(serverId);
  const serverName = config.data?.server_config?.server_name;
  // a server the caller does not manage (or that is gone): nothing here is theirs to see
  const status = apiErrorStatus(config.error);
  if (loadPhase(config) === 'failed' && (status === 403 || status === 404)) {
    return (
      <PageContainer>
        <ErrorState
          title="You cannot manage this server"
          message="Only the server's owner and managers can open its developer settings."
        />
        <Stack align="center">
          <PageLink to={dashboardPath('servers')} variant="secondary">
            Back to Dashboard
          </PageLink>
        </Stack>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <Header>
        <div>
          <Title>{serverName || DEFAULT_SERVER_NAME}</Title>
          <Subtitle>Developers</Subtitle>
        </div>
        <PageLink to={serverPagePath(serverId)} variant="secondary">
          Back to Server Configuration
        </PageLink>
      </Header>
      <Stack gap={6}>
        <ApiKeysSection serverId={serverId} />
        <WebhookSection serverId={serverId} />
      </Stack>
    </PageContainer>
  );
}
