import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  MutedText,
  VERIFY_SUCCESS_REDIRECT_MS,
  type VerifyResult,
} from '@roconnect/shared-lib';
import { backToAccounts, OutcomeWarnings, VerifyOutcomeCard } from './VerifyOutcomeCard';

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

const Disclosure = styled(Button)`
  margin-left: -${({ theme }) => theme.space(3)};
`;

/** A triangle pointing right when closed, down when open. */
const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  width: 0;
  height: 0;
  border-top: 5px solid transparent;
  border-bottom: 5px solid transparent;
  border-left: 7px solid currentColor;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
`;

const NotGiven = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(4)};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
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

/**
 * 'Verification Successful!': what the API reports it did, then back to the dashboard after 3 s
 * (docs/product.md › Verify). With warnings the screen stays until the user continues: they take
 * longer than 3 s to read, and they say what the user may need to do. The bound roles not given
 * (nearly every verification in a server with rank binds) do not hold it: their reasons wait behind
 * "Why not these roles?", and opening it stops the redirect so they can be read.
 */
export function VerifySuccess({ result }: { result: VerifyResult }) {
  const reasonsId = useId();
  const seconds = Math.round(VERIFY_SUCCESS_REDIRECT_MS / 1000);
  const notGiven = result.not_given ?? [];
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [readingReasons, setReadingReasons] = useState(false);
  const stays = result.warnings.length > 0 || readingReasons;

  useEffect(() => {
    if (stays) return;
    const timer = setTimeout(backToAccounts, VERIFY_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [stays]);

  function toggleReasons() {
    setReasonsOpen((open) => !open);
    setReadingReasons(true);
  }

  return (
    <VerifyOutcomeCard title="Verification Successful!">
      <Outcomes>
        <dt>Roles updated</dt>
        <dd>{yesNo(result.roles_updated, rolesDetail(result))}</dd>
        <dt>Nickname updated</dt>
        <dd>{yesNo(result.nickname_updated, result.nickname)}</dd>
        <dt>DM sent</dt>
        <dd>{yesNo(result.dm_sent)}</dd>
        {notGiven.length > 0 && (
          <>
            <dt>Roles not given</dt>
            <dd>{notGiven.map((role) => role.role_name).join(', ')}</dd>
          </>
        )}
      </Outcomes>
      {notGiven.length > 0 && (
        <div>
          <Disclosure
            variant="ghost"
            size="sm"
            aria-expanded={reasonsOpen}
            aria-controls={reasonsId}
            onClick={toggleReasons}
          >
            <Chevron aria-hidden="true" $open={reasonsOpen} />
            Why not these roles?
          </Disclosure>
          <section id={reasonsId} aria-label="Roles you did not get" hidden={!reasonsOpen}>
            <NotGiven>
              {notGiven.map((role) => (
                <li key={role.role_id}>
                  <strong>{role.role_name}</strong>: {role.reason}
                </li>
              ))}
            </NotGiven>
          </section>
        </div>
      )}
      <OutcomeWarnings warnings={result.warnings} />
      {stays ? (
        <div>
          <Button onClick={backToAccounts}>Continue to Dashboard</Button>
        </div>
      ) : (
        <>
          <MutedText>Returning to the dashboard in {seconds} seconds...</MutedText>
          <div>
            <Button onClick={backToAccounts}>Back to Dashboard</Button>
          </div>
        </>
      )}
    </VerifyOutcomeCard>
  );
}
