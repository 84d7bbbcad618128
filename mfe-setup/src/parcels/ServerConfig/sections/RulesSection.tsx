import { NO_RESTRICTIONS } from '@roconnect/shared-lib';
import { BypassRolesSection } from '../../../features/bypass-roles/BypassRolesSection';
import { RestrictionsSection } from '../../../features/restrictions/RestrictionsSection';
import type { SectionProps } from './sectionProps';

/** Whom verification leaves alone: members with these roles keep their nickname or their roles. */
export function BypassSection({ serverId, data, onSaved }: SectionProps) {
  const { server_config: config, roles } = data;
  return (
    <BypassRolesSection
      serverId={serverId}
      roles={roles.filter((role) => role.name !== '@everyone')}
      savedNicknameBypass={config.nickname_bypass_role_ids ?? []}
      savedRoleBypass={config.role_bypass_role_ids ?? []}
      onSaved={onSaved}
    />
  );
}

/** Whom verification turns away, and how (the `rules` address, kept from the earlier Rules page). */
export function RestrictionsRulesSection({ serverId, data, onSaved }: SectionProps) {
  return (
    <RestrictionsSection
      serverId={serverId}
      saved={data.server_config.restrictions ?? NO_RESTRICTIONS}
      onSaved={onSaved}
    />
  );
}
