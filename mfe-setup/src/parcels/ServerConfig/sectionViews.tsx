import type { ComponentType } from 'react';
import { Stack, type ServerConsoleSection } from '@roconnect/shared-lib';
import { AuditLogSection } from '../../features/audit/AuditLogSection';
import { BindsSection } from '../../features/binds/BindsSection';
import { BackupSection } from '../../features/backup/BackupSection';
import { StaffRolesSection } from '../../features/staff-roles/StaffRolesSection';
import { MemberUpdateSection } from '../../features/member-updates/MemberUpdateSection';
import { LinkedRolesGuide } from '../../features/linked-roles-guide/LinkedRolesGuide';
import { MessagesSection } from '../../features/messages/MessagesSection';
import { DevelopersSection } from './sections/DevelopersSection';
import { DiscordSection } from './sections/DiscordSection';
import { OverviewSection } from './sections/OverviewSection';
import { BypassSection, RestrictionsRulesSection } from './sections/RulesSection';
import type { SectionProps } from './sections/sectionProps';
import { VerificationSection } from './sections/VerificationSection';
import { GroupSection } from './GroupSection';

/**
 * What each section of the console shows, by its row in SERVER_CONSOLE_SECTIONS (shared-lib's
 * contract/parcelProps.ts: its address, its name in the navigation, its title). Adding a section:
 * a row there and its view here; the type asks for both.
 */
export const SECTION_VIEWS: Record<ServerConsoleSection, ComponentType<SectionProps>> = {
  overview: OverviewSection,
  verification: VerificationSection,
  group: ({ serverId, data, onSaved }) => (
    <Stack gap={6}>
      <GroupSection
        serverId={serverId}
        savedGroupId={data.server_config.group_id ?? ''}
        group={data.group}
        onSaved={onSaved}
      />
      {/* Discord's own way to give a role for a verified account, needing no bind */}
      <LinkedRolesGuide />
    </Stack>
  ),
  binds: ({ serverId, data, onSaved }) => (
    <BindsSection
      serverId={serverId}
      roles={data.roles.filter((role) => role.assignable)}
      onSaved={onSaved}
    />
  ),
  bypass: BypassSection,
  rules: RestrictionsRulesSection,
  discord: DiscordSection,
  messages: ({ serverId }) => <MessagesSection serverId={serverId} />,
  members: ({ serverId, data }) => (
    <MemberUpdateSection
      serverId={serverId}
      roles={data.roles.filter((role) => role.name !== '@everyone')}
    />
  ),
  staff: ({ serverId, data, onSaved }) => (
    <StaffRolesSection
      serverId={serverId}
      roles={data.roles.filter((role) => role.name !== '@everyone')}
      saved={data.server_config.staff_roles}
      onSaved={onSaved}
    />
  ),
  audit: ({ serverId }) => <AuditLogSection serverId={serverId} />,
  developers: DevelopersSection,
  backup: ({ serverId, onSaved }) => <BackupSection serverId={serverId} onSaved={onSaved} />,
};
