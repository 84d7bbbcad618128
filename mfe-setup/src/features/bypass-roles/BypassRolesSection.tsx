import { useState } from 'react';
import { BRAND, MAX_BYPASS_ROLES, api, type ServerRole } from '@roconnect/shared-lib';
import { useSectionSave } from '../config-section/useSectionSave';
import { RoleListsSection } from '../role-lists/RoleListsSection';

export interface BypassRolesSectionProps {
  serverId: string;
  /** the server's roles, @everyone left out */
  roles: ServerRole[];
  savedNicknameBypass: string[];
  savedRoleBypass: string[];
  onSaved: () => void;
}

/** Roles whose members keep their nickname, and roles whose members keep their roles. */
export function BypassRolesSection({
  serverId,
  roles,
  savedNicknameBypass,
  savedRoleBypass,
  onSaved,
}: BypassRolesSectionProps) {
  const [nickname, setNickname] = useState(savedNicknameBypass);
  const [role, setRole] = useState(savedRoleBypass);
  const save = useSectionSave({
    call: () =>
      api.server.editBypassRoles(serverId, {
        nickname_bypass_role_ids: nickname,
        role_bypass_role_ids: role,
      }),
    success: 'Bypass roles saved',
    failure: 'Failed to save the bypass roles',
    onSaved,
  });
  return (
    <RoleListsSection
      title="Bypass roles"
      intro={`Members with these roles are left alone by ${BRAND.product}, for example staff with a nickname of their own.`}
      saveLabel="Save Bypass Roles"
      notSaved="Bypass roles not saved"
      roles={roles}
      lists={[
        {
          legend: 'Keep their nickname',
          hint: 'Verification never changes the nickname of a member with one of these roles.',
          chosen: nickname,
          onChange: setNickname,
        },
        {
          legend: 'Keep their roles',
          hint: 'Verification never gives or removes bound roles for a member with one of these roles.',
          chosen: role,
          onChange: setRole,
        },
      ]}
      max={MAX_BYPASS_ROLES}
      save={save}
    />
  );
}
