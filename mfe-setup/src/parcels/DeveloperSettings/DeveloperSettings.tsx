import {
  PageContainer,
  Stack,
  apiErrorStatus,
  type DeveloperSettingsProps,
} from '@roconnect/shared-lib';
import { loadPhase, useServerConfig } from '@roconnect/shared-lib/query';
import { ApiKeysSection } from '../../features/developers/ApiKeysSection';
import { WebhookSection } from '../../features/developers/WebhookSection';
import {
  BackToServerLink,
  ServerPageFailed,
  ServerPageHeader,
} from '../../features/pages/PageFrame';

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
      <ServerPageFailed
        title="You cannot manage this server"
        message="Only the server's owner and managers can open its developer settings."
      />
    );
  }
  return (
    <PageContainer>
      <ServerPageHeader
        serverName={serverName}
        subtitle="Developers"
        back={<BackToServerLink serverId={serverId} />}
      />
      <Stack gap={6}>
        <ApiKeysSection serverId={serverId} />
        <WebhookSection serverId={serverId} />
      </Stack>
    </PageContainer>
  );
}
