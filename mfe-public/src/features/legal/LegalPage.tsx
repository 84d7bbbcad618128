import type { ReactNode } from 'react';
import styled from 'styled-components';
import { MutedText, PageContainer, RETENTION } from '@roconnect/shared-lib';
import { SiteFooter } from '../site/SiteFooter';
import { SiteHeader } from '../site/SiteHeader';

const Page = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Content = styled(PageContainer)`
  flex: 1;
`;

const Article = styled.article`
  max-width: 72ch;
  margin: 0 auto;
  overflow-wrap: break-word;

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(1.75rem, 6vw, 2.5rem);
    line-height: 1.2;
  }
  h2 {
    margin: ${({ theme }) => theme.space(8)} 0 ${({ theme }) => theme.space(2)};
    font-size: 1.25rem;
  }
  p,
  li {
    color: ${({ theme }) => theme.colors.text};
  }
  ul {
    padding-left: ${({ theme }) => theme.space(5)};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

export interface LegalPageProps {
  title: string;
  children: ReactNode;
}

/** Layout of the privacy policy and the terms: top bar, a readable column, footer. */
export function LegalPage({ title, children }: LegalPageProps) {
  return (
    <Page>
      <SiteHeader />
      <Content>
        <Article aria-labelledby="legal-title">
          <h1 id="legal-title">{title}</h1>
          <MutedText>Effective date: {RETENTION.effectiveDate}</MutedText>
          {children}
        </Article>
      </Content>
      <SiteFooter />
    </Page>
  );
}
