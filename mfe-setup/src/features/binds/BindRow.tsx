import { useId } from 'react';
import { Label, Select, TextInput, type BindGroup } from '@roconnect/shared-lib';
import type { RowDraft } from './bindDrafts';
import { RuleRow, type RuleRowParts } from './RuleRow';

export interface BindRowProps extends RuleRowParts<RowDraft> {
  index: number;
  row: RowDraft;
  ranks: BindGroup['ranks'];
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

/** The range's two ends, lowest first. */
const RANK_ENDS = [
  { end: 'min', label: 'Lowest rank' },
  { end: 'max', label: 'Highest rank' },
] as const;

/** One rank range → role: a fieldset named "Rank range N". */
export function BindRow({ index, row, ranks, ...parts }: BindRowProps) {
  const { disabled, onChange } = parts;
  const invalid = Boolean(parts.error);
  return (
    <RuleRow
      legend={<>Rank range {index + 1}</>}
      removeLabel={<>Remove range {index + 1}</>}
      row={row}
      {...parts}
    >
      {RANK_ENDS.map(({ end, label }) => (
        <RankField
          key={end}
          label={label}
          value={row[end]}
          ranks={ranks}
          disabled={disabled}
          invalid={invalid}
          onChange={(value) => onChange({ ...row, [end]: value })}
        />
      ))}
    </RuleRow>
  );
}
