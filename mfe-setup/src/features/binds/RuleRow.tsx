import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, FieldError, FieldGroup, type ServerRole } from '@roconnect/shared-lib';
import type { RuleDraft } from './bindDrafts';
import { RoleField, RuleExtras } from './RuleFields';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr 1.4fr auto;
    align-items: end;
  }
`;

/** What a bind's row takes from the list besides the bind itself. */
export interface RuleRowParts<T extends RuleDraft> {
  roles: ServerRole[];
  error?: string;
  disabled: boolean;
  onChange: (row: T) => void;
  onRemove: () => void;
}

export interface RuleRowProps<T extends RuleDraft> extends RuleRowParts<T> {
  /** the fieldset's name, e.g. "Rank range 1" */
  legend: ReactNode;
  removeLabel: ReactNode;
  row: T;
  /** what the bind looks for: the fields before its role */
  children: ReactNode;
  /** what comes last in the fieldset, under its error */
  after?: ReactNode;
}

/**
 * One bind as a fieldset: what it looks for (`children`), the role it gives and its Remove button
 * on one line; its new role's name, nickname and priority under them, then its error.
 */
export function RuleRow<T extends RuleDraft>({
  legend,
  removeLabel,
  row,
  roles,
  error,
  disabled,
  onChange,
  onRemove,
  children,
  after,
}: RuleRowProps<T>) {
  const errorId = useId();
  const invalid = Boolean(error);
  return (
    <FieldGroup aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <Fields>
        {children}
        <RoleField
          row={row}
          roles={roles}
          invalid={invalid}
          disabled={disabled}
          onChange={onChange}
        />
        <Button variant="ghost" onClick={onRemove} disabled={disabled}>
          {removeLabel}
        </Button>
      </Fields>
      <RuleExtras row={row} invalid={invalid} disabled={disabled} onChange={onChange} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {after}
    </FieldGroup>
  );
}
