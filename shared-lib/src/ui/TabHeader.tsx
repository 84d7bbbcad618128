import type { ReactNode } from 'react';
import styled from 'styled-components';
import { spreadRow } from './spreadRow';

const Header = styled.div`
  ${spreadRow}
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1.5rem;
`;

export interface TabHeaderProps {
  /** the heading's id, which names the tab's section (aria-labelledby) */
  titleId: string;
  title: ReactNode;
  /** beside the heading, wrapping under it on a narrow screen */
  action?: ReactNode;
  className?: string;
}

/** The top of a dashboard tab: its heading, and the tab's action beside it. */
export function TabHeader({ titleId, title, action, className }: TabHeaderProps) {
  return (
    <Header className={className}>
      <Title id={titleId}>{title}</Title>
      {action}
    </Header>
  );
}
