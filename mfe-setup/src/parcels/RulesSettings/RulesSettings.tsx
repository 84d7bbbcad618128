import styled from 'styled-components';
import {
  DEFAULT_NICKNAME_FORMAT,
  DEFAULT_SERVER_NAME,
  ErrorState,
  LoadingState,
  PageContainer,
  Stack,
  dashboardPath,
  effectiveNicknameTemplate,
  type RoutePageProps,
} from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { BypassRolesSection } from '../../features/bypass-roles/BypassRolesSection';
import { NicknameTemplateSection } from '../../features/nickname-template/NicknameTemplateSection';
import { isNicknameFormat } from '../../features/nickname/nicknameFormatOptions';
import { PageLink } from '../../features/pages/PageLink';
import { serverPagePath } from '../../features/pages/pagePaths';
import { RestrictionsSection } from '../../features/restrictions/RestrictionsSection';
import { LOAD_FAILED_MESSAGE, useServerEditData } from '../ServerConfig/useServerEditData';

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
 * /server/edit/{serverId}/rules: how verification names members and whom it leaves alone or turns
 * away (nickname template, bypass roles, restrictions), one section per setting, each saved on its
 * own. The binds themselves stay on the server page, beside their preview.
 */
export function RulesSettings({ serverId }: RulesSettingsProps) {
  const client = usePageQueryClient();
  const { state } = useServerEditData(serverId);
  const saved = () => void serverChanged(client, serverId);

  if (state.status === 'loading') {
    return (
      <PageContainer>
        <LoadingState label="Loading rules..." />
      </PageContainer>
    );
  }
  if (state.status === 'failed') {
    return (
      <PageContainer>
        <ErrorState title={LOAD_FAILED_MESSAGE} message="Returning to your dashboard..." />
        <Stack align="center">
          <PageLink to={dashboardPath('servers')} variant="secondary">
            Back to Dashboard
          </PageLink>
        </Stack>
      </PageContainer>
    );
  }

  const { server_config: config, roles } = state.data;
  const format = isNicknameFormat(config.nickname_format)
    ? config.nickname_format
    : DEFAULT_NICKNAME_FORMAT;
  const choosable = roles.filter((role) => role.name !== '@everyone');
  return (
    <PageContainer>
      <Header>
        <div>
          <Title>{config.server_name || DEFAULT_SERVER_NAME}</Title>
          <Subtitle>Nicknames, bypass roles and restrictions</Subtitle>
        </div>
        <PageLink to={serverPagePath(serverId)} variant="secondary">
          Back to Server Configuration
        </PageLink>
      </Header>
      <Stack gap={6}>
        <NicknameTemplateSection
          serverId={serverId}
          savedTemplate={effectiveNicknameTemplate(format, config.nickname_template)}
          onSaved={saved}
        />
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
