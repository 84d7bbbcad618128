import styled from 'styled-components';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  exactTime,
  relativeTime,
  type LookupData,
  SectionCard,
} from '@roconnect/shared-lib';
import { loadPhase, useAccountLookups } from '@roconnect/shared-lib/query';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
  li:first-child {
    border-top: none;
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** "Sam used /whois on you in Builders Club", "API key "Game" looked you up in Builders Club". */
export function lookupText(lookup: LookupData): string {
  const place = lookup.server_name;
  const text =
    lookup.source === 'api'
      ? `${lookup.actor_name ? `API key "${lookup.actor_name}"` : 'An API key'} looked you up in ${place}`
      : `${lookup.actor_name ?? 'Someone'} used /whois on you in ${place}`;
  return lookup.shown ? text : `${text} (kept private)`;
}

/** Every time someone asked for the member's link, newest first; only they see this. */
export function LookupsSection() {
  const read = useAccountLookups();
  const phase = loadPhase(read);
  let body;
  if (phase === 'loading') body = <LoadingState label="Loading lookups..." />;
  else if (phase === 'failed' || !read.data)
    body = <ErrorState message="Failed to load lookups." onRetry={() => void read.refetch()} />;
  else if (read.data.length === 0)
    body = (
      <EmptyState
        icon="user"
        title="Nobody has looked you up"
        description="When someone uses /whois on you or a server's bot asks about you, it shows here."
      />
    );
  else
    body = (
      <List aria-label="Lookups of your account">
        {read.data.map((lookup) => (
          <li key={lookup.id}>
            <span>{lookupText(lookup)}</span>
            <time dateTime={lookup.at} title={exactTime(lookup.at)}>
              {relativeTime(lookup.at)}
            </time>
          </li>
        ))}
      </List>
    );
  return (
    <SectionCard
      title="Who looked you up"
      intro="Each time someone asked RoConnect for your Roblox account."
    >
      {body}
    </SectionCard>
  );
}
