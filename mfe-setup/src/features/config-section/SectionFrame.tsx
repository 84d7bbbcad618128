import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;

/** The heading with a button beside it, wrapping under it on a narrow screen. */
const Top = styled.div<{ $intro: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme, $intro }) => theme.space($intro ? 1 : 3)};
  h2 {
    margin: 0;
  }
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface SectionFrameProps {
  title: string;
  /** what the section is for, under the heading */
  intro?: ReactNode;
  /** a button beside the heading */
  action?: ReactNode;
  /** while it loads or saves: aria-busy */
  busy?: boolean;
  /** the heading's id, where a form inside is named by it too */
  headingId?: string;
  children: ReactNode;
}

/** One section of the console: a card named by its heading, so it is a landmark; an intro under it. */
export function SectionFrame({
  title,
  intro,
  action,
  busy,
  headingId,
  children,
}: SectionFrameProps) {
  const ownHeadingId = useId();
  const id = headingId ?? ownHeadingId;
  const heading = <Heading id={id}>{title}</Heading>;
  return (
    <Card as="section" aria-labelledby={id} aria-busy={busy || undefined}>
      {action ? (
        <Top $intro={intro !== undefined}>
          {heading}
          {action}
        </Top>
      ) : (
        heading
      )}
      {intro !== undefined && <Intro>{intro}</Intro>}
      {children}
    </Card>
  );
}
