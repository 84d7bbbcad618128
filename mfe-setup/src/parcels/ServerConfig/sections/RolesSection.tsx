import { Stack } from '@roconnect/shared-lib';
import { BindsSection } from '../../../features/binds/BindsSection';
import { GroupSection } from '../GroupSection';
import type { SectionProps } from './sectionProps';

/** The Roblox group and the binds that give members their roles. */
export function RolesSection({ serverId, data, onSaved }: SectionProps) {
  return (
    <Stack gap={6}>
      <GroupSection
        serverId={serverId}
        savedGroupId={data.server_config.group_id ?? ''}
        group={data.group}
        onSaved={onSaved}
      />
      <BindsSection
        serverId={serverId}
        roles={data.roles.filter((role) => role.assignable)}
        onSaved={onSaved}
      />
    </Stack>
  );
}
