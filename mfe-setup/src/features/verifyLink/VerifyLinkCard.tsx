import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  FieldHint,
  Label,
  TextInput,
  toast,
  verifyPath,
} from '@roconnect/shared-lib';
import { copyText } from './copyText';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  > :first-child {
    flex: 1 1 16rem;
  }
`;

export const COPY_FALLBACK_HINT =
  'Your browser did not allow copying. The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.';

/** The link an owner shares so members land on the verify page with this server chosen. */
export function VerifyLinkCard({ serverId }: { serverId: string }) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  const link = `${window.location.origin}${verifyPath(serverId)}`;

  async function copy() {
    if (await copyText(link)) {
      setRefused(false);
      toast.success('Verify link copied');
      return;
    }
    setRefused(true);
    input.current?.focus();
    input.current?.select();
  }

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>Verify link</Heading>
      <Intro>Share this link so members can verify in this server in one step.</Intro>
      <Label htmlFor={inputId}>Verify link for this server</Label>
      <Row>
        <TextInput
          id={inputId}
          ref={input}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </Row>
      {refused && <FieldHint role="status">{COPY_FALLBACK_HINT}</FieldHint>}
    </Card>
  );
}
