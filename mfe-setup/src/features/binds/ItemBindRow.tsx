import { useId } from 'react';
import { Label, TextInput, VisuallyHidden, apiErrorStatus } from '@roconnect/shared-lib';
import { useBindLookup } from '@roconnect/shared-lib/query';
import { ITEM_KIND_WORDS, type ItemDraft } from './bindDrafts';
import { RuleRow, type RuleRowParts } from './RuleRow';
import { useDebounced } from './useDebounced';

/** how long the ID must stay unchanged before its name is looked up */
export const LOOKUP_DELAY_MS = 400;

export interface ItemBindRowProps extends RuleRowParts<ItemDraft> {
  serverId: string;
  index: number;
  item: ItemDraft;
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
export function ItemBindRow({ serverId, index, item, ...parts }: ItemBindRowProps) {
  const idFieldId = useId();
  const title = ITEM_KIND_WORDS[item.kind].title;
  const name: ItemName = useItemName(serverId, item);
  return (
    <RuleRow
      legend={
        <>
          {title} bind {index + 1}
        </>
      }
      removeLabel={
        <>
          Remove {title.toLowerCase()} bind {index + 1}
        </>
      }
      row={item}
      {...parts}
      after={
        // the looked-up name is read out as it arrives, without moving the focus from the ID
        <VisuallyHidden aria-live="polite">{name.found ?? name.unknown ?? ''}</VisuallyHidden>
      }
    >
      <div style={{ gridColumn: 'span 2' }}>
        <Label htmlFor={idFieldId}>{title} ID</Label>
        <TextInput
          id={idFieldId}
          value={item.itemId}
          inputMode="numeric"
          autoComplete="off"
          disabled={parts.disabled}
          aria-invalid={Boolean(parts.error) || Boolean(name.unknown) || undefined}
          hint={name.hint}
          error={name.unknown}
          onChange={(event) => parts.onChange({ ...item, itemId: event.target.value, name: null })}
        />
      </div>
    </RuleRow>
  );
}
