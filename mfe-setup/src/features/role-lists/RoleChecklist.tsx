import styled from 'styled-components';
import { Checkbox, FieldGroup, type ServerRole } from '@roconnect/shared-lib';

const List = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  max-height: 16rem;
  overflow-y: auto;
`;

export interface RoleChecklistProps {
  legend: string;
  hint: string;
  roles: ServerRole[];
  chosen: string[];
  disabled: boolean;
  onChange: (chosen: string[]) => void;
}

/** A multi-select of the server's roles as native checkboxes: Tab and Space, as everywhere. */
export function RoleChecklist({
  legend,
  hint,
  roles,
  chosen,
  disabled,
  onChange,
}: RoleChecklistProps) {
  return (
    <FieldGroup>
      <legend>{legend}</legend>
      <p style={{ margin: '0 0 8px' }}>{hint}</p>
      {roles.length === 0 ? (
        <p style={{ margin: 0 }}>This server has no roles to choose yet.</p>
      ) : (
        <List>
          {roles.map((role) => (
            <Checkbox
              key={role.id}
              label={role.name}
              checked={chosen.includes(role.id)}
              disabled={disabled}
              onChange={(on) =>
                onChange(on ? [...chosen, role.id] : chosen.filter((id) => id !== role.id))
              }
            />
          ))}
        </List>
      )}
    </FieldGroup>
  );
}
