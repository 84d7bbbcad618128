import { useState } from 'react';
import { BRAND, apiCalls, type ServerRole, type StaffRoles } from '@roconnect/shared-lib';
import { useSectionSave } from '../config-section/useSectionSave';
import { RoleListsSection } from '../role-lists/RoleListsSection';

/** At most this many roles in each list (the API's MAX_STAFF_ROLES). */
const MAX_STAFF_ROLES = 10;

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
    onSaved,
  });
  return (
    <RoleListsSection
      title="Staff roles"
      intro={`Let your moderators look after ${BRAND.product} without Manage Server. They never get more than their own ${BRAND.chat} rights allow.`}
      saveLabel="Save Staff Roles"
      notSaved="Staff roles not saved"
      roles={roles}
      lists={[
        {
          legend: 'Manager roles',
          hint: 'Members with one of these roles see this server in their list with Manage and use this whole console.',
          chosen: managers,
          onChange: setManagers,
        },
        {
          legend: 'Updater roles',
          hint: 'Members with one of these roles may use /update on other members and start member updates.',
          chosen: updaters,
          onChange: setUpdaters,
        },
      ]}
      max={MAX_STAFF_ROLES}
      save={save}
    />
  );
}
