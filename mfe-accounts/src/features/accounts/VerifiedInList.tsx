import styled from 'styled-components';
import { exactTime, relativeTime, type LinkedAccount } from '@roconnect/shared-lib';
import { AccountStatusBadge } from './AccountStatusBadge';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
  li {
    overflow-wrap: anywhere;
  }
`;

/** Where the account verified ('Verified in Quartz Hall · 2 days ago'); Pending when nowhere. */
export function VerifiedInList({ account }: { account: LinkedAccount }) {
  const places = account.verified_in ?? [];
  if (places.length === 0) return <AccountStatusBadge verified={account.verified} />;
  return (
    <List aria-label={`Servers ${account.roblox_username} is verified in`}>
      {places.map((place) => (
        <li key={place.server_id}>
          Verified in {place.server_name} ·{' '}
          <time dateTime={place.verified_at} title={exactTime(place.verified_at)}>
            {relativeTime(place.verified_at)}
          </time>
        </li>
      ))}
    </List>
  );
}
