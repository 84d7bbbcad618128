import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';
import { PageLink } from './PageLink';
import { discordSettingsPath } from './pagePaths';

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

/** The server page's way to its Discord settings, a page of their own. */
export function DiscordSettingsCard({ serverId }: { serverId: string }) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>Discord settings</Heading>
      <Row>
        <p>
          What happens when members join, a log channel, a Verify message and scheduled resyncs.
        </p>
        <PageLink to={discordSettingsPath(serverId)} variant="secondary">
          Open Discord Settings
        </PageLink>
      </Row>
    </Card>
  );
}
