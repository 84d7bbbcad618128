import { useId } from 'react';
import styled from 'styled-components';
import { Card } from '@roconnect/shared-lib';
import { PageLink } from './PageLink';
import { developersPath, discordSettingsPath, rulesPath } from './pagePaths';

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

/** The server's pages of settings, each reached by a card on the server page. */
const SUBPAGES = {
  discordSettings: {
    title: 'Discord settings',
    description:
      'What happens when members join, a log channel, a Verify message and scheduled resyncs.',
    path: discordSettingsPath,
    linkLabel: 'Open Discord Settings',
  },
  developers: {
    title: 'Developers',
    description: 'API keys for your bots and games, and a webhook for member events.',
    path: developersPath,
    linkLabel: 'Open Developers',
  },
  rules: {
    title: 'Nicknames, bypass roles and restrictions',
    description:
      'Roles whose members keep their nickname or their roles, and who may not verify here.',
    path: rulesPath,
    linkLabel: 'Open Rules',
  },
} satisfies Record<
  string,
  { title: string; description: string; path: (serverId: string) => string; linkLabel: string }
>;

/** A card on the server page that leads to one of its pages of settings. */
export function SubpageCard({ page, serverId }: { page: keyof typeof SUBPAGES; serverId: string }) {
  const { title, description, path, linkLabel } = SUBPAGES[page];
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <Row>
        <p>{description}</p>
        <PageLink to={path(serverId)} variant="secondary">
          {linkLabel}
        </PageLink>
      </Row>
    </Card>
  );
}
