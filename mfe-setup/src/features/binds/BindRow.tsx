import { useId } from 'react';
import styled from 'styled-components';
import {
  Button,
  FieldError,
  FieldGroup,
  Label,
  Select,
  TextInput,
  type BindGroup,
  type ServerRole,
} from '@roconnect/shared-lib';
import type { RowDraft } from './bindDrafts';
import { RoleField, RuleExtras } from './RuleFields';

export const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr 1.4fr auto;
    align-items: end;
  }
`;

export interface BindRowProps {
  index: number;
  row: RowDraft;
  ranks: BindGroup['ranks'];
  roles: ServerRole[];
  error?: string;
  disabled: boolean;
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
}

function RankField({
  label,
  value,
  ranks,
  disabled,
  invalid,
  onChange,
}: {
  label: string;
  value: string;
  ranks: BindGroup['ranks'];
  disabled: boolean;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const known = ranks.some((r) => String(r.rank) === value) || value === '';
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {ranks.length > 0 && known ? (
        <Select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {ranks.map((rank) => (
            <option key={rank.rank} value={rank.rank}>
              {rank.name} ({rank.rank})
            </option>
          ))}
        </Select>
      ) : (
        <TextInput
          id={id}
          value={value}
          inputMode="numeric"
          disabled={disabled}
          aria-invalid={invalid || undefined}
          hint={ranks.length ? undefined : 'Rank number, 0–255'}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** One rank range → role: a fieldset named "Rank range N". */
export function BindRow({
  index,
  row,
  ranks,
  roles,
  error,
  disabled,
  onChange,
  onRemove,
}: BindRowProps) {
  const errorId = useId();
  const invalid = Boolean(error);
  return (
    <FieldGroup aria-describedby={error ? errorId : undefined}>
      <legend>Rank range {index + 1}</legend>
      <Fields>
        <RankField
          label="Lowest rank"
          value={row.min}
          ranks={ranks}
          disabled={disabled}
          invalid={invalid}
          onChange={(min) => onChange({ ...row, min })}
        />
        <RankField
          label="Highest rank"
          value={row.max}
          ranks={ranks}
          disabled={disabled}
          invalid={invalid}
          onChange={(max) => onChange({ ...row, max })}
        />
        <RoleField
          row={row}
          roles={roles}
          invalid={invalid}
          disabled={disabled}
          onChange={onChange}
        />
        <Button variant="ghost" onClick={onRemove} disabled={disabled}>
          Remove range {index + 1}
        </Button>
      </Fields>
      <RuleExtras row={row} invalid={invalid} disabled={disabled} onChange={onChange} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldGroup>
  );
}
