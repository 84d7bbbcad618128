import { useState } from 'react';
import styled from 'styled-components';
import { Banner, BRAND, apiCalls, type ServerRole, type StaffRoles } from '@roconnect/shared-lib';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';
import { RoleChecklist } from '../bypass-roles/RoleChecklist';

/** At most this many roles in each list (the API's MAX_STAFF_ROLES). */
const MAX_STAFF_ROLES = 10;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;

export interface StaffRolesSectionProps {
  serverId: string;
  /** the server's roles, @everyone left out */
  roles: ServerRole[];
  saved: StaffRoles;
  onSaved: () => void;
}

/**
 * Delegated staff (docs/product.md › Staff): manager roles use this console, updater roles may
 * update members. Only those with Manage Server may save; the API says so to anyone else.
 */
export function StaffRolesSection({ serverId, roles, saved, onSaved }: StaffRolesSectionProps) {
  const [managers, setManagers] = useState(saved.manager_role_ids);
  const [updaters, setUpdaters] = useState(saved.updater_role_ids);
  const save = useSectionSave({
    call: () =>
      apiCalls.server.editStaffRoles({
        params: { id: serverId },
        body: { manager_role_ids: managers, updater_role_ids: updaters },
      }),
    success: 'Staff roles saved',
    failure: 'Failed to save the staff roles',
  });
  return (
    <ConfigSection
      title="Staff roles"
      intro={`Let your moderators look after ${BRAND.product} without Manage Server. They never get more than their own ${BRAND.chat} rights allow.`}
      saveLabel="Save Staff Roles"
      saving={save.saving}
      onSave={() => {
        if (managers.length > MAX_STAFF_ROLES || updaters.length > MAX_STAFF_ROLES) {
          save.setError(`Choose at most ${MAX_STAFF_ROLES} roles in each list.`);
          return;
        }
        void save.run().then((ok) => ok && onSaved());
      }}
    >
      <Columns>
        <RoleChecklist
          legend="Manager roles"
          hint="Members with one of these roles see this server in their list with Manage and use this whole console."
          roles={roles}
          chosen={managers}
          disabled={save.saving}
          onChange={setManagers}
        />
        <RoleChecklist
          legend="Updater roles"
          hint="Members with one of these roles may use /update on other members and start member updates."
          roles={roles}
          chosen={updaters}
          disabled={save.saving}
          onChange={setUpdaters}
        />
      </Columns>
      {save.error && (
        <div style={{ marginTop: 16 }}>
          <Banner tone="error" title="Staff roles not saved">
            {save.error}
          </Banner>
        </div>
      )}
    </ConfigSection>
  );
}
