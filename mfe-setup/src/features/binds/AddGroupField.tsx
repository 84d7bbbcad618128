import { useId, useState } from 'react';
import styled from 'styled-components';
import { BRAND, Button, Label, TextInput } from '@roconnect/shared-lib';
import { parseRobloxGroupInput } from '@roconnect/shared-lib/contract';
import { useGroupInputName } from './useGroupInputName';

/** A row of an add field and its button, or of add buttons, wrapping on a phone. */
export const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(4)};
  > :first-child {
    flex: 1 1 14rem;
  }
`;

interface Props {
  serverId: string;
  disabled: boolean;
  /** Adds the group, or answers why it may not be added (the field shows it). */
  onAdd: (groupId: string) => string | undefined;
}

/**
 * "Add another group": its text is its own state, so typing re-renders this field and not every
 * group's rank ranges above it (25 groups took seconds a keystroke in the tests).
 */
export function AddGroupField({ serverId, disabled, onAdd }: Props) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const typedGroup = useGroupInputName(serverId, text);

  function add() {
    // read as the API reads it (docs/product.md › Group input); the editor's own sentence for a
    // field that is empty or no link at all, the parser's for the rest
    const parsed = parseRobloxGroupInput(text);
    if (!parsed.ok) {
      setError(
        parsed.problem === 'empty' || parsed.problem === 'unreadable'
          ? `Enter a ${BRAND.game} group ID (a number) or its URL.`
          : parsed.error,
      );
      return;
    }
    const refusal = onAdd(parsed.groupId);
    setError(refusal);
    if (!refusal) setText('');
  }

  return (
    <>
      <Label htmlFor={inputId}>Add another {BRAND.game} group</Label>
      <AddRow>
        <TextInput
          id={inputId}
          value={text}
          placeholder="Group ID or URL"
          autoComplete="off"
          disabled={disabled}
          error={error ?? typedGroup.unknown}
          hint={typedGroup.name}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" disabled={disabled} onClick={add}>
          Add group
        </Button>
      </AddRow>
    </>
  );
}
