import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Card,
  dashboardPath,
  navigate,
  type VerifyResult,
} from '@roconnect/shared-lib';

const RestrictedCard = styled(Card)`
  max-width: 560px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.6rem;
  &:focus {
    outline: none;
  }
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const Warnings = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
`;

export type RestrictionAction = 'deny' | 'kick' | 'ban';

const titles: Record<RestrictionAction, (server: string) => string> = {
  deny: (server) => `You cannot get roles in ${server}`,
  kick: (server) => `You were removed from ${server}`,
  ban: (server) => `You were banned from ${server}`,
};

const backToAccounts = () => navigate(dashboardPath('accounts'));

/**
 * A member a restriction of the server caught (docs/product.md › Restrictions): what happened and
 * why, never a success title nor a redirect, since there is nothing to go back to the dashboard
 * for and the reason is what they need to read.
 */
export function VerifyRestricted({
  result,
  reason,
  serverName,
}: {
  result: VerifyResult;
  reason: string;
  serverName: string | null;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // a kick or ban Discord refused, or an update held back, left the member denied
  const action: RestrictionAction = result.restriction_action ?? 'deny';
  // the API also words the restriction as a warning (and a kick or ban with it): shown once
  const notes = result.warnings.filter((warning) => !warning.includes(reason));

  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  return (
    <RestrictedCard as="section" aria-labelledby={titleId}>
      <Title id={titleId} ref={titleRef} tabIndex={-1}>
        {titles[action](serverName ?? 'this server')}
      </Title>
      <Text>
        {action !== 'deny' && 'You cannot get roles there. '}
        Why: {reason}.
      </Text>
      {result.roles_removed.length > 0 && (
        <Text>Roles removed: {result.roles_removed.join(', ')}.</Text>
      )}
      {notes.length > 0 && (
        <Banner tone="warning" title="Please note">
          <Warnings>
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </Warnings>
        </Banner>
      )}
      <div>
        <Button onClick={backToAccounts}>Back to Dashboard</Button>
      </div>
    </RestrictedCard>
  );
}
