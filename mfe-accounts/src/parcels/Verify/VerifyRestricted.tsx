import styled from 'styled-components';
import { Button, type VerifyResult } from '@roconnect/shared-lib';
import { backToAccounts, OutcomeWarnings, VerifyOutcomeCard } from './VerifyOutcomeCard';

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

export type RestrictionAction = 'deny' | 'kick' | 'ban';

const titles: Record<RestrictionAction, (server: string) => string> = {
  deny: (server) => `You cannot get roles in ${server}`,
  kick: (server) => `You were removed from ${server}`,
  ban: (server) => `You were banned from ${server}`,
};

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
  // a kick or ban Discord refused, or an update held back, left the member denied
  const action: RestrictionAction = result.restriction_action ?? 'deny';
  // the API also words the restriction as a warning (and a kick or ban with it): shown once
  const notes = result.warnings.filter((warning) => !warning.includes(reason));

  return (
    <VerifyOutcomeCard title={titles[action](serverName ?? 'this server')}>
      <Text>
        {action !== 'deny' && 'You cannot get roles there. '}
        Why: {reason}.
      </Text>
      {result.roles_removed.length > 0 && (
        <Text>Roles removed: {result.roles_removed.join(', ')}.</Text>
      )}
      <OutcomeWarnings warnings={notes} />
      <div>
        <Button onClick={backToAccounts}>Back to Dashboard</Button>
      </div>
    </VerifyOutcomeCard>
  );
}
