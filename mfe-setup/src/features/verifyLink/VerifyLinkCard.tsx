import { useId } from 'react';
import {
  Button,
  FieldHint,
  Label,
  SectionCard,
  TextInput,
  verifyPath,
} from '@roconnect/shared-lib';
import { FieldRow } from '../fields/FieldRow';
import { useCopyField } from './useCopy';

export const COPY_FALLBACK_HINT =
  'Your browser did not allow copying. The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

/** The link an owner shares so members land on the verify page with this server chosen. */
export function VerifyLinkCard({ serverId }: { serverId: string }) {
  const inputId = useId();
  const link = `${window.location.origin}${verifyPath(serverId)}`;
  const { input, refused, copy } = useCopyField(link, 'Verify link copied');

  return (
    <SectionCard
      title="Verify link"
      intro="Share this link so members can verify in this server in one step."
    >
      <Label htmlFor={inputId}>Verify link for this server</Label>
      <FieldRow $align="flex-start">
        <TextInput
          id={inputId}
          ref={input}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
      </FieldRow>
      {refused && <FieldHint role="status">{COPY_FALLBACK_HINT}</FieldHint>}
    </SectionCard>
  );
}
