import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from './Card';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One section of a page: a card named by its heading, so it is a landmark; an intro under it. */
export function SectionCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <Intro>{intro}</Intro>
      {children}
    </Card>
  );
}
