import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@roconnect/shared-lib';
import { SectionFrame } from './SectionFrame';

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
    <SectionFrame title={title} intro={intro} headingId={headingId}>
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
    </SectionFrame>
  );
}
