import { useState } from 'react';
import styled from 'styled-components';
import { Banner, BRAND, MAX_BYPASS_ROLES, api, type ServerRole } from '@roconnect/shared-lib';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';
import { RoleChecklist } from './RoleChecklist';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

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
  });
  const tooMany = nickname.length > MAX_BYPASS_ROLES || role.length > MAX_BYPASS_ROLES;
  return (
    <ConfigSection
      title="Bypass roles"
      intro={`Members with these roles are left alone by ${BRAND.product}, for example staff with a nickname of their own.`}
      saveLabel="Save Bypass Roles"
      saving={save.saving}
      onSave={() => {
        if (tooMany) {
          save.setError(`Choose at most ${MAX_BYPASS_ROLES} roles in each list.`);
          return;
        }
        void save.run().then((ok) => ok && onSaved());
      }}
    >
      <Columns>
        <RoleChecklist
          legend="Keep their nickname"
          hint="Verification never changes the nickname of a member with one of these roles."
          roles={roles}
          chosen={nickname}
          disabled={save.saving}
          onChange={setNickname}
        />
        <RoleChecklist
          legend="Keep their roles"
          hint="Verification never gives or removes bound roles for a member with one of these roles."
          roles={roles}
          chosen={role}
          disabled={save.saving}
          onChange={setRole}
        />
      </Columns>
      {save.error && (
        <div style={{ marginTop: 16 }}>
          <Banner tone="error" title="Bypass roles not saved">
            {save.error}
          </Banner>
        </div>
      )}
    </ConfigSection>
  );
}
