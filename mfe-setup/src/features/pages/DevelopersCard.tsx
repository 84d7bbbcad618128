import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';
import { PageLink } from './PageLink';
import { developersPath } from './pagePaths';

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: 1.25rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  p {
    margin: 0;
    flex: 1 1 16rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The server page's way to its Developers page (API keys and webhook). */
export function DevelopersCard({ serverId }: { serverId: string }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>Developers</Heading>
      <Row>
        <p>API keys for your bots and games, and a webhook for member events.</p>
        <PageLink to={developersPath(serverId)} variant="secondary">
          Open Developers
        </PageLink>
      </Row>
    </Card>
  );
}
