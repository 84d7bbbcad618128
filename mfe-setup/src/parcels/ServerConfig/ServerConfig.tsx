import {
  Button,
  DEFAULT_NICKNAME_FORMAT,
  DEFAULT_VERIFIED_ROLE_NAME,
  PageContainer,
  Stack,
  dashboardPath,
  navigate,
  type ServerConfigProps,
} from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { AuditLogSection } from '../../features/audit/AuditLogSection';
import { BindsSection } from '../../features/binds/BindsSection';
import { BotHealthPanel } from '../../features/health/BotHealthPanel';
import { MemberUpdateSection } from '../../features/member-updates/MemberUpdateSection';
import { SubpageCard } from '../../features/pages/SubpageCards';
import {
  ServerPageFailed,
  ServerPageHeader,
  ServerPageLoading,
} from '../../features/pages/PageFrame';
import { isNicknameFormat } from '../../features/nickname/nicknameFormatOptions';
import { NicknameSection } from '../../features/nickname/NicknameSection';
import { VerifyLinkCard } from '../../features/verifyLink/VerifyLinkCard';
import { GroupSection } from './GroupSection';
import { LOAD_FAILED_MESSAGE, useServerEditData } from './useServerEditData';
import { UnverifiedRoleSection } from './UnverifiedRoleSection';
import { VerifiedRoleSection } from './VerifiedRoleSection';

function BackToDashboard() {
  return (
    <Button variant="secondary" onClick={() => navigate(dashboardPath('servers'))}>
      Back to Dashboard
    </Button>
  );
}

/**
 * /server/edit/{serverId}: the server's configuration, one section per setting
 * (docs/product.md › Server configuration).
 */
export function ServerConfig({ serverId }: ServerConfigProps) {
  const client = usePageQueryClient();
  const { state } = useServerEditData(serverId);
  // after every save the sections read the server again: its settings, the health check, the
  // binds and the audit log
  const saved = () => void serverChanged(client, serverId);

  if (state.status === 'loading')
    return <ServerPageLoading label="Loading server configuration..." />;
  if (state.status === 'failed')
    return (
      <ServerPageFailed
        title={LOAD_FAILED_MESSAGE}
        message="Returning to your dashboard..."
        back={<BackToDashboard />}
      />
    );

  const { server_config: config, roles, group } = state.data;
  return (
    <PageContainer>
      <ServerPageHeader
        serverName={config.server_name}
        subtitle="Server configuration"
        back={<BackToDashboard />}
      />
      <Stack gap={6}>
        <BotHealthPanel serverId={serverId} />
        <VerifyLinkCard serverId={serverId} />
        <SubpageCard page="discordSettings" serverId={serverId} />
        <SubpageCard page="developers" serverId={serverId} />
        <NicknameSection
          serverId={serverId}
          savedFormat={
            isNicknameFormat(config.nickname_format)
              ? config.nickname_format
              : DEFAULT_NICKNAME_FORMAT
          }
          savedTemplate={config.nickname_template ?? null}
          onSaved={saved}
        />
        <SubpageCard page="rules" serverId={serverId} />
        <VerifiedRoleSection
          serverId={serverId}
          savedName={config.verified_role_name || DEFAULT_VERIFIED_ROLE_NAME}
          savedRoleId={config.verified_role_id ?? null}
          roles={roles}
          onSaved={saved}
        />
        <UnverifiedRoleSection
          serverId={serverId}
          savedRoleId={config.unverified_role_id ?? null}
          verifiedRoleId={config.verified_role_id ?? null}
          roles={roles}
          onSaved={saved}
        />
        <GroupSection
          serverId={serverId}
          savedGroupId={config.group_id ?? ''}
          group={group}
          onSaved={saved}
        />
        <BindsSection
          serverId={serverId}
          roles={roles.filter((role) => role.assignable)}
          onSaved={saved}
        />
        <MemberUpdateSection serverId={serverId} />
        <AuditLogSection serverId={serverId} />
      </Stack>
    </PageContainer>
  );
}
