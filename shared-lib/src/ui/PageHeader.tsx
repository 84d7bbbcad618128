import type { ReactNode } from 'react';
import styled from 'styled-components';
import { spreadRow } from './spreadRow';

const Header = styled.header`
  ${spreadRow}
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: clamp(1.5rem, 4vw, 2rem);
  overflow-wrap: anywhere;
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PageHeaderProps {
  /** the page's one heading */
  title: ReactNode;
  /** a line under it: what the page holds */
  subtitle: ReactNode;
  /** beside the title, wrapping under it on a narrow screen: the way back */
  action?: ReactNode;
}

/** The top of a page of its own: its heading, what it holds, and the way back. */
export function PageHeader({ title, subtitle, action }: PageHeaderProps) {
  return (
    <Header>
      <div>
        <Title>{title}</Title>
        <Subtitle>{subtitle}</Subtitle>
      </div>
      {action}
    </Header>
  );
}
