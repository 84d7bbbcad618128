import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card } from '@roconnect/shared-lib';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

export interface ConfigSectionProps {
  title: string;
  intro: ReactNode;
  saveLabel: string;
  /** the button's label while the save runs */
  busyLabel?: string;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}

/** One section of the configuration page: its own form and its own save button. */
export function ConfigSection({
  title,
  intro,
  saveLabel,
  busyLabel = 'Saving...',
  saving,
  onSave,
  children,
}: ConfigSectionProps) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <Intro>{intro}</Intro>
      <form
        aria-labelledby={headingId}
        aria-busy={saving || undefined}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!saving) onSave();
        }}
      >
        {children}
        <Actions>
          <Button type="submit" loading={saving}>
            {saving ? busyLabel : saveLabel}
          </Button>
        </Actions>
      </form>
    </Card>
  );
}
