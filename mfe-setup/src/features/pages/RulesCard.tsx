import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';
import { PageLink } from './PageLink';
import { rulesPath } from './pagePaths';

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

/** The server page's way to its rules page: nickname template, bypass roles, restrictions. */
export function RulesCard({ serverId }: { serverId: string }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>Nicknames, bypass roles and restrictions</Heading>
      <Row>
        <p>The nickname template, roles the bot leaves alone, and who may not verify here.</p>
        <PageLink to={rulesPath(serverId)} variant="secondary">
          Open Rules
        </PageLink>
      </Row>
    </Card>
  );
}
