import { Stack } from '@roconnect/shared-lib';
import { BypassRolesSection } from '../../../features/bypass-roles/BypassRolesSection';
import { RestrictionsSection } from '../../../features/restrictions/RestrictionsSection';
import type { SectionProps } from './sectionProps';

const NO_RESTRICTIONS = {
  min_account_age_days: null,
  blocked_roblox_user_ids: [],
  blocked_group_ids: [],
  required_group_ids: [],
  ban_evasion: 'flag',
  action: 'deny',
} as const;

/** Whom verification leaves alone (bypass roles) or turns away (restrictions). */
export function RulesSection({ serverId, data, onSaved }: SectionProps) {
  const { server_config: config, roles } = data;
  const choosable = roles.filter((role) => role.name !== '@everyone');
  return (
    <Stack gap={6}>
      <BypassRolesSection
        serverId={serverId}
        roles={choosable}
        savedNicknameBypass={config.nickname_bypass_role_ids ?? []}
        savedRoleBypass={config.role_bypass_role_ids ?? []}
        onSaved={onSaved}
      />
      <RestrictionsSection
        serverId={serverId}
        saved={config.restrictions ?? NO_RESTRICTIONS}
        onSaved={onSaved}
      />
    </Stack>
  );
}
