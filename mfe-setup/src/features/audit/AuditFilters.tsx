import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  AUDIT_NAME_FILTER_MAX_LENGTH,
  Button,
  Label,
  Select,
  TextInput,
  type AuditAction,
  type AuditFilter,
} from '@roconnect/shared-lib';
import { ACTION_CHOICES } from './auditTexts';

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 11rem), 1fr));
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  align-items: start;
  margin-bottom: ${({ theme }) => theme.space(4)};
  .member {
    grid-column: 1 / -1;
  }
`;
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  grid-column: 1 / -1;
`;

const DISCORD_ID = /^\d{17,20}$/;

/** `YYYY-MM-DD` of a date input, as the instant that day starts here (or the next day's). */
function dayStart(date: string, nextDay = false): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

export interface FilterInputs {
  who: string;
  action: AuditAction | '';
  from: string;
  to: string;
}
export const NO_FILTERS: FilterInputs = { who: '', action: '', from: '', to: '' };

/**
 * The API's filter for what the manager entered: a Discord id is a member, anything else part of
 * a name; dates are whole days in the manager's own time zone.
 */
export function filterOf(inputs: FilterInputs): AuditFilter | null {
  const who = inputs.who.trim();
  const filter: AuditFilter = {
    ...(who ? (DISCORD_ID.test(who) ? { member: who } : { name: who }) : {}),
    ...(inputs.action ? { action: inputs.action } : {}),
    ...(inputs.from ? { from: dayStart(inputs.from) } : {}),
    ...(inputs.to ? { to: dayStart(inputs.to, true) } : {}),
  };
  return Object.keys(filter).length ? filter : null;
}

/** The days the log is filtered between, From first. */
const DAY_FIELDS = [
  { field: 'from', label: 'From' },
  { field: 'to', label: 'To' },
] as const;

interface Props {
  /** whether the log shows filtered entries */
  filtered: boolean;
  onApply: (filter: AuditFilter | null) => void;
}

/** Filters the log by a member's name or id, by action and by dates. */
export function AuditFilters({ filtered, onApply }: Props) {
  const ids = { who: useId(), action: useId(), from: useId(), to: useId() };
  const [inputs, setInputs] = useState<FilterInputs>(NO_FILTERS);
  const [errors, setErrors] = useState<{ who?: string; from?: string; to?: string }>({});
  const whoInput = useRef<HTMLInputElement>(null);
  const set = (field: keyof FilterInputs) => (value: string) =>
    setInputs((now) => ({ ...now, [field]: value }));

  function apply() {
    const found: typeof errors = {};
    if (inputs.who.trim().length > AUDIT_NAME_FILTER_MAX_LENGTH)
      found.who = `Enter at most ${AUDIT_NAME_FILTER_MAX_LENGTH} characters.`;
    if (inputs.from && inputs.to && inputs.from > inputs.to)
      found.to = 'Choose a day on or after the From day.';
    setErrors(found);
    if (Object.keys(found).length) return;
    onApply(filterOf(inputs));
  }

  return (
    <Form
      role="search"
      aria-label="Filter the audit log"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <div className="member">
        <Label htmlFor={ids.who}>Filter by member (name or Discord user ID)</Label>
        <TextInput
          id={ids.who}
          ref={whoInput}
          value={inputs.who}
          autoComplete="off"
          error={errors.who}
          onChange={(event) => set('who')(event.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={ids.action}>Action</Label>
        <Select
          id={ids.action}
          value={inputs.action}
          onChange={(event) => set('action')(event.target.value)}
        >
          <option value="">All actions</option>
          {ACTION_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </div>
      {DAY_FIELDS.map(({ field, label }) => (
        <div key={field}>
          <Label htmlFor={ids[field]}>{label}</Label>
          <TextInput
            id={ids[field]}
            type="date"
            value={inputs[field]}
            error={errors[field]}
            onChange={(event) => set(field)(event.target.value)}
          />
        </div>
      ))}
      <Buttons>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setInputs(NO_FILTERS);
              setErrors({});
              onApply(null);
              // this button goes with the filters: keep the keyboard in the (now empty) first field
              whoInput.current?.focus();
            }}
          >
            Clear filters
          </Button>
        )}
      </Buttons>
    </Form>
  );
}
