import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Card,
  VERIFY_SUCCESS_REDIRECT_MS,
  dashboardPath,
  navigate,
  type VerifyResult,
} from '@roconnect/shared-lib';

const SuccessCard = styled(Card)`
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

const Outcomes = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0;

  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Warnings = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
`;

const NotGiven = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function yesNo(done: boolean, detail?: string | null): string {
  if (!done) return 'No';
  return detail ? `Yes (${detail})` : 'Yes';
}

function rolesDetail(result: VerifyResult): string {
  const parts = [];
  if (result.roles_added.length) parts.push(`added ${result.roles_added.join(', ')}`);
  if (result.roles_removed.length) parts.push(`removed ${result.roles_removed.join(', ')}`);
  return parts.join('; ');
}

const backToAccounts = () => navigate(dashboardPath('accounts'));

/**
 * 'Verification Successful!': what the API reports it did, then back to the dashboard after 3 s
 * (docs/product.md › Verify). With warnings the screen stays until the user continues: they take
 * longer than 3 s to read, and they say what the user may need to do.
 */
export function VerifySuccess({ result }: { result: VerifyResult }) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const seconds = Math.round(VERIFY_SUCCESS_REDIRECT_MS / 1000);
  const notGiven = result.not_given ?? [];
  // the API words a restriction as a warning too; it is shown once
  const restricted =
    result.restricted && !result.warnings.some((w) => w.includes(result.restricted ?? ''))
      ? result.restricted
      : null;
  // reasons take longer than 3 s to read: the screen stays, as with warnings
  const hasWarnings = result.warnings.length > 0 || notGiven.length > 0 || restricted !== null;
  const notGivenId = useId();

  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  useEffect(() => {
    if (hasWarnings) return;
    const timer = setTimeout(backToAccounts, VERIFY_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [hasWarnings]);

  return (
    <SuccessCard as="section" aria-labelledby={titleId}>
      <Title id={titleId} ref={titleRef} tabIndex={-1}>
        Verification Successful!
      </Title>
      <Outcomes>
        <dt>Roles updated</dt>
        <dd>{yesNo(result.roles_updated, rolesDetail(result))}</dd>
        <dt>Nickname updated</dt>
        <dd>{yesNo(result.nickname_updated, result.nickname)}</dd>
        <dt>DM sent</dt>
        <dd>{yesNo(result.dm_sent)}</dd>
      </Outcomes>
      {result.warnings.length > 0 && (
        <Banner tone="warning" title="Please note">
          <Warnings>
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Warnings>
        </Banner>
      )}
      {restricted && (
        <Banner tone="warning" title="You cannot get roles in this server">
          {restricted}
        </Banner>
      )}
      {notGiven.length > 0 && (
        <section aria-labelledby={notGivenId}>
          <h2 id={notGivenId} style={{ margin: '0 0 8px', fontSize: '1.0625rem' }}>
            Roles you did not get
          </h2>
          <NotGiven>
            {notGiven.map((role) => (
              <li key={role.role_id}>
                <strong>{role.role_name}</strong>: {role.reason}
              </li>
            ))}
          </NotGiven>
        </section>
      )}
      {hasWarnings ? (
        <div>
          <Button onClick={backToAccounts}>Continue to Dashboard</Button>
        </div>
      ) : (
        <>
          <Note>Returning to the dashboard in {seconds} seconds...</Note>
          <div>
            <Button onClick={backToAccounts}>Back to Dashboard</Button>
          </div>
        </>
      )}
    </SuccessCard>
  );
}
