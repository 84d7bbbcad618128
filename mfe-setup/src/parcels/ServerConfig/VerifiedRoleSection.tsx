import { useId, useState } from 'react';
import { BRAND, Label, Select, TextInput, api, type ServerRole } from '@roconnect/shared-lib';
import { ConfigSection } from '../../features/config-section/ConfigSection';
import { useSectionSave } from '../../features/config-section/useSectionSave';
import { TwoColumns } from '../../features/fields/TwoColumns';
import { RoleOptions } from '../../features/role-lists/RoleOptions';

export interface VerifiedRoleSectionProps {
  serverId: string;
  savedName: string;
  savedRoleId: string | null;
  roles: ServerRole[];
  onSaved: () => void;
}

/** A role by name (created when missing) or one of the server's roles the bot can give. */
export function VerifiedRoleSection({
  serverId,
  savedName,
  savedRoleId,
  roles,
  onSaved,
}: VerifiedRoleSectionProps) {
  const nameId = useId();
  const roleId = useId();
  const [name, setName] = useState(savedName);
  const assignable = roles.filter((role) => role.assignable);
  const [chosenId, setChosenId] = useState(
    savedRoleId && assignable.some((role) => role.id === savedRoleId) ? savedRoleId : '',
  );
  const hidden = roles.length - assignable.length;
  const save = useSectionSave({
    call: () =>
      api.server.editVerifiedRole(serverId, {
        verified_role_name: name,
        verified_role_id: chosenId || null,
      }),
    success: 'Verified role updated successfully!',
    failure: 'Failed to update verified role',
    onSaved,
  });

  function choose(id: string) {
    setChosenId(id);
    const role = assignable.find((r) => r.id === id);
    if (role) setName(role.name);
  }

  return (
    <ConfigSection
      title="Verified Role Setup"
      intro="Verified members get this role. Type a name to use or create a role, or pick one the bot can give."
      saveLabel="Save Verified Role"
      save={save}
    >
      <TwoColumns>
        <div>
          <Label htmlFor={nameId}>Verified role name</Label>
          <TextInput
            id={nameId}
            name="verified_role_name"
            value={name}
            autoComplete="off"
            readOnly={save.saving}
            onChange={(event) => {
              setName(event.target.value);
              // A typed name means "this name", not the role picked before.
              const picked = assignable.find((r) => r.id === chosenId);
              if (picked && picked.name !== event.target.value) setChosenId('');
            }}
            error={save.error}
          />
        </div>
        <div>
          <Label htmlFor={roleId}>Existing role</Label>
          <Select
            id={roleId}
            name="verified_role_id"
            value={chosenId}
            disabled={save.saving}
            onChange={(event) => choose(event.target.value)}
            hint={
              hidden > 0
                ? `Roles at or above the ${BRAND.product} bot's role are not listed: the bot cannot give them.`
                : undefined
            }
          >
            <option value="">Use the name (create the role if missing)</option>
            <RoleOptions roles={assignable} />
          </Select>
        </div>
      </TwoColumns>
    </ConfigSection>
  );
}
