import type { ServerRole } from '@roconnect/shared-lib';

export interface RoleOptionsProps {
  roles: readonly ServerRole[];
  /** a role saved before that is no longer among `roles`: kept as a choice, named as such */
  savedId?: string | null;
}

/** A role picker's options: one a role, by its name. */
export function RoleOptions({ roles, savedId }: RoleOptionsProps) {
  const savedGone = savedId && !roles.some((role) => role.id === savedId);
  return (
    <>
      {savedGone && <option value={savedId}>Role no longer available</option>}
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </>
  );
}
