import { useId } from 'react';
import {
  Button,
  FieldError,
  FieldGroup,
  Label,
  TextInput,
  VisuallyHidden,
  apiErrorStatus,
  type ServerRole,
} from '@roconnect/shared-lib';
import { useBindLookup } from '@roconnect/shared-lib/query';
import { ITEM_KIND_WORDS, type ItemDraft } from './bindDrafts';
import { Fields } from './BindRow';
import { RoleField, RuleExtras } from './RuleFields';
import { useDebounced } from './useDebounced';

/** how long the ID must stay unchanged before its name is looked up */
export const LOOKUP_DELAY_MS = 400;

export interface ItemBindRowProps {
  serverId: string;
  index: number;
  item: ItemDraft;
  roles: ServerRole[];
  error?: string;
  disabled: boolean;
  onChange: (item: ItemDraft) => void;
  onRemove: () => void;
}

/** The looked-up name under the ID field: the item's name, or that Roblox does not know it. */
function useItemName(serverId: string, item: ItemDraft) {
  const typed = item.itemId.trim();
  const settled = useDebounced(typed, LOOKUP_DELAY_MS);
  const id = /^\d{1,19}$/.test(settled) ? settled : null;
  const lookup = useBindLookup(serverId, item.kind, id);
  const words = ITEM_KIND_WORDS[item.kind].one;
  if (!typed) return { hint: `The ${words}'s ID, a number.` };
  if (typed !== settled || (id && lookup.isFetching)) return { hint: 'Looking up…' };
  if (!id) return { hint: `The ${words}'s ID, a number.` };
  if (lookup.data) return { hint: lookup.data.name, found: lookup.data.name };
  if (lookup.isError)
    return apiErrorStatus(lookup.error) === 404
      ? { unknown: `Roblox has no ${words} with ID ${id}.`, found: undefined }
      : { hint: `Couldn't look up the name now; you can still save.` };
  return { hint: item.name ?? undefined };
}

type ItemName = { hint?: string; unknown?: string; found?: string };

/** One badge, game pass or catalog item → role: a fieldset named "Badge bind N" (and so on). */
export function ItemBindRow({
  serverId,
  index,
  item,
  roles,
  error,
  disabled,
  onChange,
  onRemove,
}: ItemBindRowProps) {
  const idFieldId = useId();
  const errorId = useId();
  const invalid = Boolean(error);
  const title = ITEM_KIND_WORDS[item.kind].title;
  const name: ItemName = useItemName(serverId, item);
  return (
    <FieldGroup aria-describedby={error ? errorId : undefined}>
      <legend>
        {title} bind {index + 1}
      </legend>
      <Fields>
        <div style={{ gridColumn: 'span 2' }}>
          <Label htmlFor={idFieldId}>{title} ID</Label>
          <TextInput
            id={idFieldId}
            value={item.itemId}
            inputMode="numeric"
            autoComplete="off"
            disabled={disabled}
            aria-invalid={invalid || Boolean(name.unknown) || undefined}
            hint={name.hint}
            error={name.unknown}
            onChange={(event) => onChange({ ...item, itemId: event.target.value, name: null })}
          />
        </div>
        <RoleField
          row={item}
          roles={roles}
          invalid={invalid}
          disabled={disabled}
          onChange={onChange}
        />
        <Button variant="ghost" onClick={onRemove} disabled={disabled}>
          Remove {title.toLowerCase()} bind {index + 1}
        </Button>
      </Fields>
      <RuleExtras row={item} invalid={invalid} disabled={disabled} onChange={onChange} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {/* the looked-up name is read out as it arrives, without moving the focus from the ID */}
      <VisuallyHidden aria-live="polite">{name.found ?? name.unknown ?? ''}</VisuallyHidden>
    </FieldGroup>
  );
}
