import { useId } from 'react';
import styled from 'styled-components';
import { Banner, Button, FieldHint, Label, TextInput } from '@roconnect/shared-lib';
import { FieldRow } from '../fields/FieldRow';
import { useCopyField } from '../verifyLink/useCopy';
import { COPY_FALLBACK_HINT } from '../verifyLink/VerifyLinkCard';

const Row = styled(FieldRow)`
  margin-top: ${({ theme }) => theme.space(3)};
`;

const Box = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
`;

interface Props {
  /** what the secret is, e.g. "API key Game server" */
  label: string;
  value: string;
  onDone: () => void;
}

/**
 * A secret the API sends once (a new API key, a webhook's signing secret): shown with a warning
 * and a Copy button until the manager says they have saved it.
 */
export function ShownOnce({ label, value, onDone }: Props) {
  const inputId = useId();
  const { input, refused, copy } = useCopyField(value, 'Copied');

  return (
    <Box>
      <Banner tone="warning" title="Copy it now">
        This is the only time it is shown. Keep it secret: anyone with it can ask about your
        members.
      </Banner>
      <Row $align="flex-start">
        <div>
          <Label htmlFor={inputId}>{label}</Label>
          <TextInput
            id={inputId}
            ref={input}
            readOnly
            value={value}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      </Row>
      <Row $align="flex-start">
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
        <Button variant="ghost" onClick={onDone}>
          I saved it
        </Button>
      </Row>
      {refused && <FieldHint role="status">{COPY_FALLBACK_HINT}</FieldHint>}
    </Box>
  );
}
