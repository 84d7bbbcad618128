import { PageContainer, Stack, type RoutePageProps } from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { BypassRolesSection } from '../../features/bypass-roles/BypassRolesSection';
import {
  BackToServerLink,
  ServerPageFailed,
  ServerPageHeader,
  ServerPageLoading,
} from '../../features/pages/PageFrame';
import { RestrictionsSection } from '../../features/restrictions/RestrictionsSection';
import { LOAD_FAILED_MESSAGE, useServerEditData } from '../ServerConfig/useServerEditData';

export interface RulesSettingsProps extends RoutePageProps {
  serverId: string;
}

const NO_RESTRICTIONS = {
  min_account_age_days: null,
  blocked_roblox_user_ids: [],
  blocked_group_ids: [],
  action: 'deny',
} as const;

/**
 * /server/edit/{serverId}/rules: whom verification leaves alone or turns away (bypass roles,
 * restrictions), one section per setting, each saved on its own. The nickname itself (format or
 * template, one control) and the binds stay on the server page.
 */
export function RulesSettings({ serverId }: RulesSettingsProps) {
  const client = usePageQueryClient();
  const { state } = useServerEditData(serverId);
  const saved = () => void serverChanged(client, serverId);

  if (state.status === 'loading') return <ServerPageLoading label="Loading rules..." />;
  if (state.status === 'failed')
    return (
      <ServerPageFailed title={LOAD_FAILED_MESSAGE} message="Returning to your dashboard..." />
    );

  const { server_config: config, roles } = state.data;
  const choosable = roles.filter((role) => role.name !== '@everyone');
  return (
    <PageContainer>
      <ServerPageHeader
        serverName={config.server_name}
        subtitle="Nicknames, bypass roles and restrictions"
        back={<BackToServerLink serverId={serverId} />}
      />
      <Stack gap={6}>
        <BypassRolesSection
          serverId={serverId}
          roles={choosable}
          savedNicknameBypass={config.nickname_bypass_role_ids ?? []}
          savedRoleBypass={config.role_bypass_role_ids ?? []}
          onSaved={saved}
        />
        <RestrictionsSection
          serverId={serverId}
          saved={config.restrictions ?? NO_RESTRICTIONS}
          onSaved={saved}
        />
      </Stack>
    </PageContainer>
  );
}
