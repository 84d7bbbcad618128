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

interface SubpageCardProps {
  title: string;
  description: string;
  to: string;
  linkLabel: string;
}

/** A card on the server page that leads to one of its pages of settings. */
function SubpageCard({ title, description, to, linkLabel }: SubpageCardProps) {
  const headingId = useId();
  return (
    <Card as="section" aria-labelledby={headingId}>
      <Heading id={headingId}>{title}</Heading>
      <Row>
        <p>{description}</p>
        <PageLink to={to} variant="secondary">
          {linkLabel}
        </PageLink>
      </Row>
    </Card>
  );
}

/** The way to the server's Discord settings, a page of their own. */
export function DiscordSettingsCard({ serverId }: { serverId: string }) {
  return (
    <SubpageCard
      title="Discord settings"
      description="What happens when members join, a log channel, a Verify message and scheduled resyncs."
      to={discordSettingsPath(serverId)}
      linkLabel="Open Discord Settings"
    />
  );
}

/** The way to the server's Developers page (API keys and webhook). */
export function DevelopersCard({ serverId }: { serverId: string }) {
  return (
    <SubpageCard
      title="Developers"
      description="API keys for your bots and games, and a webhook for member events."
      to={developersPath(serverId)}
      linkLabel="Open Developers"
    />
  );
}

/** The way to the server's rules page: nickname template, bypass roles, restrictions. */
export function RulesCard({ serverId }: { serverId: string }) {
  return (
    <SubpageCard
      title="Nicknames, bypass roles and restrictions"
      description="The nickname template, roles the bot leaves alone, and who may not verify here."
      to={rulesPath(serverId)}
      linkLabel="Open Rules"
    />
  );
}
