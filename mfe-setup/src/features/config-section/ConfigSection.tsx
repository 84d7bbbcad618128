import { useId, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@roconnect/shared-lib';
import { SectionFrame } from './SectionFrame';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

interface ConfigSectionTexts {
  title: string;
  intro: ReactNode;
  saveLabel: string;
  /** the button's label while the save runs */
  busyLabel?: string;
  children: ReactNode;
}

export type ConfigSectionProps = ConfigSectionTexts &
  (
    | {
        /** the section's save (useSectionSave), run as it is when the form is sent */
        save: { saving: boolean; run: () => Promise<boolean> };
        saving?: never;
        onSave?: never;
      }
    | {
        saving: boolean;
        /** the section's own sending, where it checks its fields or shapes the values first */
        onSave: () => void;
        save?: never;
      }
  );

/** One section of the configuration page: its own form and its own save button. */
export function ConfigSection(props: ConfigSectionProps) {
  const { title, intro, saveLabel, busyLabel = 'Saving...', save, children } = props;
  const saving = save ? save.saving : props.saving;
  const onSave = save ? () => void save.run() : props.onSave;
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
